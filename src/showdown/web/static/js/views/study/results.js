// The Study view's answer, drawn from one POST /api/study: the summary, the hero's 13 x 13 grid
// of starting hands coloured by equity against the villain, the made-hand and draw table (a
// row's click lights its combos' starting hands in the grid, "Narrow" makes the row's part of
// the range the hero range), the equity curve (study/curve.js) and the next-card heat map
// (study/nextcard.js). No class, equity or probability is worked out here: every number is the
// server's.

import { el, percent } from "../../lib/api.js";
import { handAt } from "../../lib/rangegrid.js";
import { equityCurve } from "./curve.js";
import { combosText, equityColour, equityText, legend, plural } from "./figures.js";
import { nextCardMap } from "./nextcard.js";

/** A bar of `value` (0 to 1) in `colour`, for a table cell. */
function bar(value, colour) {
  return el("span", { class: "study-track", "aria-hidden": "true" },
    el("span", { class: "study-bar", style: `width:${percent(value, 3)};background:${colour}` }));
}

/** "22+, A2s+, KTo+ on Ks 7h 2h: 141 combos. Against random: equity 70.11%, exact." */
function summaryText({ breakdown, equities }) {
  const dead = breakdown.dead.length ? ` (dead ${breakdown.dead.join(" ")})` : "";
  const how = equities.exact ? "exact" : `Monte Carlo, standard error ${percent(equities.stderr, 3)}`;
  const combos = `${combosText(breakdown.total)} combo${breakdown.total === 1 ? "" : "s"}`;
  return `${breakdown.range} on ${breakdown.board.join(" ")}${dead}: ${combos}. `
    + `Against ${equities.villains.join(", ")}: equity ${equityText(equities.equity, 2)}, ${how}.`;
}

/**
 * The grid's cells: a cell per starting hand, coloured by its equity; hands not in the range
 * (or all of whose combos the board and dead cards hold) are left blank.
 */
function gridCells(equities) {
  const counts = new Map();   // each starting hand's weighted combos in the range
  for (const combo of equities.combos) {
    counts.set(combo.class, (counts.get(combo.class) || 0) + combo.range_weight);
  }
  const cells = [];
  for (let row = 0; row < 13; row += 1) {
    for (let column = 0; column < 13; column += 1) {
      const hand = handAt(row, column);
      const kind = row === column ? "pair" : row < column ? "suited" : "offsuit";
      const count = counts.get(hand) || 0;
      const equity = count ? equities.by_class[hand] ?? null : null;   // null too when no villain hand meets it
      const title = count ? `${hand}: ${combosText(count)} combo${count === 1 ? "" : "s"}, equity ${equityText(equity)}`
        : `${hand}: not in the range`;
      const cell = el("span", { class: `study-cell ${kind}${count ? " in" : ""}`, "data-hand": hand,
        "data-testid": `study-cell-${hand}`, "data-title": title, title, "aria-label": title },
      el("span", { class: "study-cell-hand" }, hand),
      equity !== null ? el("span", { class: "study-cell-value" }, (100 * equity).toFixed(0)) : null);
      if (equity !== null) cell.style.background = equityColour(equity);
      cells.push(cell);
    }
  }
  return cells;
}

export class StudyResults {
  /** `narrow(row)`: the hero range becomes the part of it in a table row. */
  constructor({ narrow }) {
    this.narrow = narrow;
    this.shown = null;   // the study on screen: {data, selected}
    this.summary = el("p", { class: "study-summary", "data-testid": "study-summary" });
    this.grid = el("div", { class: "study-grid", role: "group", "aria-label": "Equity of each starting hand",
      "data-testid": "study-grid" });
    this.lightLine = el("p", { class: "hint study-lit", "data-testid": "study-lit" });
    this.table = el("div", { class: "table-scroll" });
    this.curve = el("div", { class: "study-curve", "data-testid": "study-curve" });
    this.next = el("div", { class: "study-next-box" });
    // The panels wrap: on a wide screen the grid sits beside the next card and the table beside
    // the curve; on a narrow one the table comes right under the grid whose hands it lights.
    this.element = el("div", { class: "study-results", hidden: true, "data-testid": "study-results",
      "aria-live": "polite" },
    this.summary,
    el("div", { class: "study-panels" },
      el("section", { class: "panel study-hands", "aria-label": "Equity by starting hand" },
        el("h3", {}, "Equity by starting hand"),
        el("p", { class: "hint" }, "Each hand of the hero range against the villain range. Hover a hand for its combos "
          + "and equity; click a row of the table to light its hands."),
        this.grid, this.lightLine, legend("study-grid-legend")),
      el("section", { class: "panel study-next-panel", "aria-label": "Next card" },
        el("h3", {}, "Next card"),
        this.next),
      el("section", { class: "panel study-classes", "aria-label": "Made hands and draws" },
        el("h3", {}, "Made hands and draws"),
        el("p", { class: "hint" }, "Combos of the hero range in each class, their share of the range and their equity. "
          + "A combo has one made hand and any number of draws."),
        this.table),
      el("section", { class: "panel study-distribution", "aria-label": "Equity distribution" },
        el("h3", {}, "Equity distribution"),
        el("p", { class: "hint" }, "The share of each range with at least a given equity, strongest combos first."),
        this.curve)));
  }

  /** The state of the study shown: "running", "done", or none. */
  set state(state) {
    if (state) this.element.dataset.state = state;
    else delete this.element.dataset.state;
  }

  clear() {
    this.shown = null;
    this.element.hidden = true;
    this.state = null;
    for (const box of [this.summary, this.grid, this.lightLine, this.table, this.curve, this.next]) box.replaceChildren();
  }

  draw(data) {
    const equities = data.equities;
    this.shown = { data, selected: null };
    this.summary.textContent = summaryText(data);
    this.grid.replaceChildren(...gridCells(equities));
    this.drawTable(data.breakdown);
    this.curve.replaceChildren(...equityCurve(equities, data.villain_equities));
    this.next.replaceChildren(...nextCardMap(data.next_card, data.breakdown.board.length));
    this.element.hidden = false;
    this.state = "done";
  }

  /** Light the starting hands of a table row's combos (or none, for null). */
  light(row) {
    const lit = new Map(row ? Object.entries(row.starting_hands) : []);   // hand -> its weighted combos in the class
    for (const cell of this.grid.children) {
      const count = lit.get(cell.dataset.hand) || 0;
      cell.classList.toggle("lit", count > 0);
      const title = count ? `${cell.dataset.title}; ${combosText(count)} combo${count === 1 ? "" : "s"} in ${row.class}`
        : cell.dataset.title;
      cell.title = title;
      cell.setAttribute("aria-label", title);
    }
    this.lightLine.textContent = row
      ? `Lit: ${row.class}, ${combosText(row.combos)} combos in ${plural(lit.size, "hand")}.` : "";
    for (const tr of this.table.querySelectorAll("tr[data-class]")) {
      const on = Boolean(row) && tr.dataset.class === row.class && tr.dataset.part === row.part;
      tr.classList.toggle("selected", on);
      tr.querySelector(".study-class").setAttribute("aria-pressed", String(on));
    }
  }

  /** A row clicked: its hands lit, or unlit when it was the row lit. */
  select(row) {
    const selected = this.shown.selected;
    const same = selected && selected.class === row.class && selected.part === row.part;
    this.shown.selected = same ? null : row;
    this.light(this.shown.selected);
  }

  /** A class's row: its name (a click lights its hands), combos, share, equity and Narrow. */
  tableRow(row) {
    const known = row.equity !== null && row.equity !== undefined;
    const tr = el("tr", { "data-class": row.class, "data-part": row.part, "data-testid": `study-row-${row.class}` },
      el("th", {}, el("button", { type: "button", class: "study-class", "aria-pressed": "false" }, row.class)),
      el("td", { class: "study-combos" }, combosText(row.combos)),
      el("td", { class: "study-share" }, bar(row.share, "var(--felt)"),
        el("span", { class: "study-value" }, percent(row.share, 1))),
      el("td", { class: "study-equity" }, known ? bar(row.equity, equityColour(row.equity)) : null,
        el("span", { class: "study-value" }, equityText(row.equity))),
      el("td", {}, el("button", { type: "button", class: "small study-narrow", onclick: () => this.narrow(row),
        "data-testid": `study-narrow-${row.class}`, title: `Make the hero range ${row.range}` }, "Narrow")));
    tr.addEventListener("click", (event) => { if (!event.target.closest(".study-narrow")) this.select(row); });
    return tr;
  }

  /**
   * The made-hand and draw table: a row per class the range has (classes with no combo are
   * left out), the share and equity as bars.
   */
  drawTable(breakdown) {
    const section = (title, part, rows) => {
      const present = rows.filter((row) => row.combos > 0).map((row) => ({ ...row, part }));
      if (!present.length) return null;
      return el("tbody", { "data-part": part },
        el("tr", { class: "study-part" }, el("th", { colspan: "5" }, title)),
        present.map((row) => this.tableRow(row)));
    };
    const head = ["Class", "Combos", "Share", "Equity"].map((name) => el("th", {}, name));
    this.table.replaceChildren(el("table", { class: "numbers study-table", "data-testid": "study-table" },
      el("thead", {}, el("tr", {}, head, el("th", {}, el("span", { class: "visually-hidden" }, "Narrow the range")))),
      section("Made hands", "made", breakdown.made),
      section("Draws", "draws", breakdown.draws),
      el("tfoot", {}, el("tr", {}, el("th", {}, "Range"), el("td", {}, combosText(breakdown.total)),
        el("td", {}, "100%"), el("td", {}, equityText(breakdown.equity)), el("td")))));
  }
}
