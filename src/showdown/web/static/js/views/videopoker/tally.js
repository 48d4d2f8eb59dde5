// The Video poker view's session tally drawn: hands, bet, won, net, return, mistakes and the EV
// given up, then the mistakes by the best hold's line, most EV given up first.

import { el } from "../../lib/api.js";

export class TallyPanel {
  constructor() {
    this.box = el("dl", { class: "tally", "data-testid": "vp-tally" });
    this.lines = el("div", { class: "vp-tally-lines" });
  }

  draw(tally) {
    const net = tally.won - tally.bet;
    const entries = [
      ["Hands", tally.hands], ["Bet", tally.bet], ["Won", tally.won],
      ["Net", net > 0 ? `+${net}` : String(net)],
      ["Return", tally.bet ? `${((100 * tally.won) / tally.bet).toFixed(1)}%` : "\u2013"],
      ["Mistakes", tally.mistakes], ["EV given up", tally.evLost.toFixed(2)],
    ];
    this.box.replaceChildren(...entries.flatMap(([term, value]) => [el("dt", {}, term),
      el("dd", { "data-testid": `vp-tally-${term.toLowerCase().replaceAll(" ", "-")}` }, String(value))]));
    this.drawLines(tally);
  }

  /** The mistakes by the best hold's line: most EV given up first. */
  drawLines(tally) {
    const rows = [...tally.byLine].sort((a, b) => b.evLost - a.evLost || b.mistakes - a.mistakes
      || a.words.localeCompare(b.words));
    if (!rows.length) {
      this.lines.replaceChildren();
      return;
    }
    const games = new Set(rows.map((row) => row.game));
    this.lines.replaceChildren(el("table", { class: "numbers vp-tally-table", "data-testid": "vp-tally-lines" },
      el("caption", {}, "Mistakes by the best hold's line"),
      el("thead", {}, el("tr", {}, el("th", {}, "Line"), el("th", {}, "Mistakes"), el("th", {}, "EV given up"))),
      el("tbody", {}, rows.map((row) => el("tr", { "data-line": row.number === null ? "" : String(row.number) },
        el("th", {}, el("span", { class: "vp-tally-words" }, row.words),
          el("span", { class: "vp-tally-where" }, [row.number === null ? "not on the list" : `line ${row.number}`,
            games.size > 1 ? `, ${row.game}` : ""].join(""))),
        el("td", {}, String(row.mistakes)), el("td", {}, row.evLost.toFixed(2)))))));
  }
}
