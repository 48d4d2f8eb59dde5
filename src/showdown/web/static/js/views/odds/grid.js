// The Odds view's hand odds grid: your hole cards against random hands on the view's board,
// your chance of winning with each final hand beside the opponents' (POST /api/grid).

import { api, el, percent, setStatus, thousands } from "../../lib/api.js";
import { fieldProblem, submitOnEnter } from "../../lib/forms.js";
import { gameInfo, holePlaceholder } from "../../lib/games.js";
import { CardField } from "../../lib/picker.js";
import { stderrText, strongestFirst } from "./figures.js";

/** A cell of the grid: a bar of `value` (0 to 1) and the percentage. */
function cell(value, kind) {
  return el("td", {},
    el("span", { class: "mini-track", "aria-hidden": "true" },
      el("span", { class: `mini-bar ${kind}`, style: `width:${Math.min(100, 100 * value)}%` })),
    el("span", { class: "mini-value" }, percent(value, 2)));
}

/** The elements of the server's answer: a line saying what was counted, then the table. */
function gridResults(data) {
  const others = data.n_opponents === 1 ? "the opponent" : `the ${data.n_opponents} opponents`;
  const onBoard = data.board.length ? data.board.join(" ") : "no board";
  return [
    el("p", { class: "hint" }, `${data.hole.join(" ")} on ${onBoard} against ${others}: `
      + `${thousands(data.total)} ${data.exact ? "deals, exact" : `deals${stderrText(data.stderr)}`}`),
    el("table", { class: "numbers grid-table", "data-testid": "grid-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Wins with"), el("th", {}, "You"), el("th", {}, "Opponents"))),
      el("tbody", {}, strongestFirst(data.categories).map((category) => el("tr", {},
        el("th", {}, category.category_name), cell(category.player, "you"), cell(category.opponents, "them")))),
      el("tfoot", {}, el("tr", {}, el("th", {}, "Total"), cell(data.equity, "you"), cell(1 - data.equity, "them")))),
  ];
}

export class OddsGrid {
  /** `game()`: the game played; `board`: the view's board field; `opponents`: the most opponents. */
  constructor({ game, board, opponents }) {
    this.game = game;
    this.board = board;
    const holes = gameInfo(game()).hole_cards;
    this.hole = new CardField({ label: "Your hole cards", max: holes, testid: "grid-hole",
      placeholder: holePlaceholder(holes) });
    this.opponents = el("select", { id: "grid-opponents", "data-testid": "grid-opponents" },
      Array.from({ length: opponents }, (_, i) => el("option", { value: String(i + 1) }, String(i + 1))));
    this.status = el("p", { class: "status", hidden: true, role: "status" });
    this.result = el("div", { "data-testid": "grid-result", "aria-live": "polite" });
    this.element = el("div", { class: "panel" },
      el("h2", {}, "Hand odds grid"),
      el("p", { class: "hint" }, "Your chance of winning with each final hand against random hands, "
        + "on the board above."),
      this.hole.element,
      el("div", { class: "options" }, el("label", { for: "grid-opponents" }, "Opponents"), this.opponents),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "primary", onclick: () => this.run(), "data-testid": "grid-run" },
          "Odds grid")),
      this.status, this.result);
    submitOnEnter(this.element, () => this.run());
  }

  /** Another game: the hole cards of that game, and no result (it was for the game before). */
  setGame(name) {
    const holes = gameInfo(name).hole_cards;
    this.hole.resize(holes, holePlaceholder(holes));
    this.result.replaceChildren();
    setStatus(this.status, "");
  }

  async run() {
    setStatus(this.status, "");
    this.result.replaceChildren();
    const problem = await fieldProblem([this.hole, this.board]);
    if (problem) {
      setStatus(this.status, problem);
      return;
    }
    this.result.replaceChildren(el("p", { class: "hint" }, "Counting\u2026"));
    try {
      const data = await api("POST", "/grid", { game: this.game(), hole: this.hole.text, board: this.board.text,
        opponents: Number(this.opponents.value) });
      this.result.replaceChildren(...gridResults(data));
    } catch (error) {
      this.result.replaceChildren();
      setStatus(this.status, error.message);
    }
  }
}
