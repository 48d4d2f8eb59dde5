// The Video poker view's whole game, as the server works it out (POST /api/videopoker/analyze):
// the return with perfect play, the variance, and how often each paid hand comes.

import { el, percent, thousands } from "../../lib/api.js";

/** The line shown while the server works; `engineBusy`: the engine is still being prepared. */
export function analysisWorking(engineBusy) {
  return el("p", { class: "hint", "data-testid": "vp-analysis-working" }, engineBusy
    ? "Waiting for the engine, then working out the game's return..."
    : "Working out the game's return: every deal, every draw...");
}

/** The elements of the server's analysis `data`. */
export function analysisResults(data) {
  const paid = data.rows.filter((row) => row.pay > 0);
  return [
    el("h3", {}, `${data.paytable.title}, ${data.coins} coin${data.coins > 1 ? "s" : ""}, perfect play`),
    el("dl", { class: "tally" },
      el("dt", {}, "Return"), el("dd", { "data-testid": "vp-analysis-return" }, percent(data.expected_return, 4)),
      el("dt", {}, "Variance"), el("dd", { "data-testid": "vp-analysis-variance" }, data.variance.toFixed(2)),
      el("dt", {}, "Standard deviation"),
      el("dd", { "data-testid": "vp-analysis-deviation" }, data.standard_deviation.toFixed(2))),
    el("table", { class: "numbers vp-frequencies", "data-testid": "vp-analysis-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"), el("th", {}, "Pays"), el("th", {}, "How often"),
        el("th", {}, "One in"), el("th", {}, "Return"))),
      el("tbody", {}, paid.map((row) => el("tr", { "data-key": row.key },
        el("th", {}, row.label), el("td", {}, String(row.pay)), el("td", {}, percent(row.probability, 4)),
        el("td", {}, thousands(Math.round(1 / row.probability))), el("td", {}, row.contribution.toFixed(4)))))),
    el("p", { class: "hint" }, `Exact, over all ${thousands(data.deals)} deals and every draw.`),
  ];
}
