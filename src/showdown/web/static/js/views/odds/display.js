// The Odds view's equity display: a row per player with bars of win and tie and the percentage,
// like the television display, under the board and a summary line with the progress. An exact
// count shows only its progress until every deal is counted (partial counts are no answer);
// Monte Carlo shows its estimate as it goes, labelled as one. In hi-lo each player's share of
// the high half, of the low half and how often they scoop are shown beside the equity. Below,
// the equity split by final hand.

import { el, percent, thousands } from "../../lib/api.js";
import { gameInfo } from "../../lib/games.js";
import { stderrText, strongestFirst } from "./figures.js";

const RUNNING = "Running, Monte Carlo estimate so far";

/** "Board Ts Qs 2d, dead 4c" from the board and dead cards as text. */
function situationText(boardText, deadText) {
  return (boardText ? `Board ${boardText}` : "Before the flop") + (deadText ? `, dead ${deadText}` : "");
}

export class EquityDisplay {
  constructor() {
    this.element = el("div", { class: "equity-display panel", hidden: true, "data-testid": "equity-display",
      "aria-live": "polite" });
    this.summary = el("p", { class: "equity-summary", "data-testid": "equity-summary" });
    this.situation = el("p", { class: "equity-board", "data-testid": "equity-board" });
    this.progress = el("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
      "aria-label": "Share of the work done", "data-testid": "equity-progress" }, el("span"));
    this.bars = el("div", { class: "equity-bars" });
    this.categories = el("details", { class: "categories", hidden: true }, el("summary", {}, "Equity by final hand"));
    this.element.append(this.situation, this.summary, this.progress, this.bars, this.categories);
  }

  /** The state of the run shown: running, done, cancelled or failed. */
  set state(state) { this.element.dataset.state = state; }

  /** The job whose numbers are shown. */
  follows(job) {
    this.element.dataset.job = job.id;
    this.element.dataset.exact = job.exact ? "true" : "false";
  }

  /** No numbers at all: the display hidden and emptied. */
  clear() {
    this.element.hidden = true;
    for (const key of ["job", "exact", "state"]) delete this.element.dataset[key];
    this.summary.textContent = "";
    this.situation.textContent = "";
    this.setProgress(0);
    this.bars.replaceChildren();
    this.clearCategories();
  }

  setProgress(fraction) {
    this.progress.firstChild.style.width = percent(fraction, 1);
    this.progress.setAttribute("aria-valuenow", (100 * fraction).toFixed(1));
  }

  clearCategories() {
    this.categories.hidden = true;
    this.categories.replaceChildren(this.categories.firstChild);
  }

  /** A row per player with no numbers yet; `hands` is the text sent, on `boardText` and `deadText`. */
  drawRows(hands, exact, boardText, deadText) {
    this.element.hidden = false;
    this.state = "running";
    this.element.dataset.exact = exact ? "true" : "false";
    this.summary.textContent = exact ? "Counting every deal exactly\u2026" : "Dealing\u2026";
    this.situation.textContent = situationText(boardText, deadText);
    this.setProgress(0);
    this.bars.replaceChildren(...hands.map((hand, index) => el("div", { class: "equity-row",
      "data-testid": `equity-row-${index}` },
      el("div", { class: "equity-who" }, el("strong", {}, `Player ${index + 1}`),
        el("span", { class: "equity-hand" }, hand)),
      el("div", { class: "bar", role: "img", "aria-label": `Player ${index + 1} equity` },
        el("span", { class: "bar-win" }), el("span", { class: "bar-tie" })),
      el("div", { class: "equity-numbers" },
        el("span", { class: "equity-big", "data-testid": `equity-value-${index}` }, "\u2013"),
        el("span", { class: "equity-small" }, "")))));
  }

  /** Take every number off the rows (an unfinished exact count is no answer). */
  blankRows() {
    for (const row of this.bars.children) {
      row.classList.remove("leader");
      for (const bar of row.querySelectorAll(".bar span")) bar.style.width = "0%";
      row.querySelector(".equity-big").textContent = "\u2013";
      row.querySelector(".equity-small").textContent = "";
    }
    this.clearCategories();
  }

  /** An exact count under way: how much of it is done, and nothing else. */
  showCounting(state) {
    const result = state.result;
    const done = result && result.planned
      ? ` (${thousands(result.total)} of ${thousands(result.planned)} deals)` : "";
    this.summary.textContent = `Counting every deal exactly: ${percent(state.progress, 0)} done${done}\u2026`;
    this.setProgress(state.progress);
  }

  /** Monte Carlo under way: its estimate so far, said to be one. */
  drawEstimate(result, fraction) {
    this.drawNumbers(result);
    this.summary.textContent = `${RUNNING}: ${thousands(result.total)} deals${stderrText(result.stderr)}\u2026`;
    this.setProgress(fraction);
  }

  drawFinal(result) {
    this.drawNumbers(result);
    const elapsed = ` in ${result.elapsed.toFixed(2)} s`;
    this.summary.textContent = result.exact
      ? `Final, exact: ${thousands(result.total)} deals${elapsed}`
      : `Final, Monte Carlo estimate: ${thousands(result.total)} deals${stderrText(result.stderr)},${elapsed}`;
    this.setProgress(1);
  }

  /** Stopped: Monte Carlo keeps its estimate, an exact count leaves no numbers. */
  showStopped(job, result) {
    if (job.exact) {
      this.blankRows();
      this.summary.textContent = `Stopped at ${percent(job.progress, 0)} of the deals: an unfinished exact count is no `
        + "answer, so no equity is shown.";
      return;
    }
    if (result) {
      this.drawNumbers(result);
      this.summary.textContent = `Stopped, Monte Carlo estimate: ${thousands(result.total)} deals`
        + `${stderrText(result.stderr)}`;
      return;
    }
    const text = this.summary.textContent;
    this.summary.textContent = text.startsWith(RUNNING)
      ? text.replace(RUNNING, "Stopped, Monte Carlo estimate").replace(/\u2026$/, "")
      : "Stopped, Monte Carlo: no estimate yet";
  }

  /** Bars and percentages of a result: final, or a Monte Carlo estimate. */
  drawNumbers(result) {
    const best = Math.max(...result.players.map((player) => player.equity));
    result.players.forEach((player, index) => {
      const row = this.bars.children[index];
      if (!row) return;
      const [win, tie] = row.querySelectorAll(".bar span");
      win.style.width = percent(player.win, 3);
      tie.style.width = percent(player.equity - player.win, 3);
      row.querySelector(".equity-hand").textContent = player.hand;
      row.querySelector(".bar").setAttribute("aria-label",
        `Player ${index + 1}, ${player.hand}: win ${percent(player.win)}, tie ${percent(player.tie)}`);
      row.querySelector(".equity-big").textContent = percent(player.equity, 1);
      row.querySelector(".equity-small").textContent = gameInfo(result.game).low
        ? `high ${percent(player.high)} \u00b7 low ${percent(player.low)} \u00b7 scoop ${percent(player.scoop)}`
        : `win ${percent(player.win)} \u00b7 tie ${percent(player.tie)}`;
      row.classList.toggle("leader", player.equity === best);
    });
    this.situation.textContent = situationText(result.board.join(" "), result.dead.join(" "));
    this.drawCategories(result);
  }

  /** Equity split by the final hand category, one column per player. */
  drawCategories(result) {
    const columns = result.players.map((player) => strongestFirst(player.by_category));
    const table = el("table", { class: "numbers", "data-testid": "equity-categories" },
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
        result.players.map((player, i) => el("th", { title: player.hand }, `P${i + 1}`)))),
      el("tbody", {}, columns[0].map((category, row) => el("tr", {}, el("th", {}, category.category_name),
        columns.map((column) => el("td", {}, percent(column[row].equity, 2)))))));
    this.categories.replaceChildren(this.categories.firstChild, table);
    this.categories.hidden = false;
  }
}
