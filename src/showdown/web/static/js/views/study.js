// Study: what a range holds on a board and how it fares against another range. The server
// answers one request (POST /api/study) with the whole study; the page draws it:
//
//   - the hero's 13 x 13 grid of starting hands, each coloured by its equity against the
//     villain (its combos and equity in the title);
//   - the made-hand and draw table with bars: a row's click lights its combos' starting hands
//     in the grid, and "Narrow" makes the row's part of the range the hero range;
//   - the equity distribution of both ranges as a curve (SVG): the share of a range (x) that
//     has at least an equity (y);
//   - the next-card heat map, heads-up on the flop or turn: the 52 cards in 13 rows of 4, each
//     coloured by the hero's equity once it comes; cards that cannot come are greyed.
//
// No class, equity or probability is worked out here: every number is the server's. The game,
// board, dead cards, both ranges and the next-card choice are remembered across reloads.

import { api, el, percent, setStatus } from "../lib/api.js";
import { cardInfo, deck } from "../lib/deck.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, isGame } from "../lib/games.js";
import { CardField, picker } from "../lib/picker.js";
import { handAt, RangeEditor } from "../lib/rangegrid.js";
import { recall, remember } from "../lib/storage.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const CURVE = { width: 440, height: 270, left: 52, right: 14, top: 14, bottom: 44 };   // the curve's frame
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** An SVG element: svg("path", {d: "M0 0"}, children...). */
function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The colour of an equity: red at 0, yellow at one half, green at 1 (grid, bars and heat map). */
function equityColour(equity) {
  const hue = Math.round(120 * Math.min(1, Math.max(0, equity)));
  return `hsl(${hue} 68% 66%)`;
}

/** The colour scale as a CSS gradient, for the legends. */
function scaleGradient() {
  const stops = Array.from({ length: 11 }, (_, i) => `${equityColour(i / 10)} ${i * 10}%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

/** A legend of the colour scale: "0%", the gradient, "100%". */
function legend(testid) {
  return el("div", { class: "study-legend", "data-testid": testid },
    el("span", {}, "equity 0%"),
    el("span", { class: "study-scale", style: `background: ${scaleGradient()}`, "aria-hidden": "true" }),
    el("span", {}, "100%"));
}

/** A weighted combo count: 30 -> "30", 10.5 -> "10.5" (hundredths at most). */
function combosText(count) {
  return String(Math.round(count * 100) / 100);
}

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** An equity as the page writes it, or a dash when there is none (no villain hand meets it). */
function equityText(equity, digits = 1) {
  return equity === null || equity === undefined ? "\u2013" : percent(equity, digits);
}

/** A labelled range input with a button that opens the range grid: {element, input, button}. */
function rangeInput({ id, label, testid, placeholder }) {
  const input = el("input", { type: "text", id, autocomplete: "off", spellcheck: "false", placeholder,
    "data-testid": `${testid}-input` });
  const button = el("button", { type: "button", class: "small", "data-testid": `${testid}-grid` }, "Range grid");
  const element = el("div", { class: "study-range", "data-testid": testid },
    el("label", { for: id }, label), input, button);
  return { element, input, button };
}

export function mountStudy(root) {
  let restoring = false;   // no saving while the kept inputs are put back
  let runs = 0;            // numbers the studies, so that an answer overtaken by a newer one is dropped
  let shown = null;        // the study on screen: {data, selected}

  const board = new CardField({ label: "Board", max: 5, testid: "study-board", placeholder: "e.g. Ks 7h 2h",
    onChange: () => save() });
  const dead = new CardField({ label: "Dead cards", max: 6, testid: "study-dead", onChange: () => save() });
  const game = gameSelector({ id: "study-game", testid: "study-game", onChange: setGame });
  // The study reads two-card ranges: the games with two hole cards.
  for (const option of [...game.select.options]) {
    if (gameInfo(option.value).hole_cards !== 2) option.remove();
  }
  const hero = rangeInput({ id: "study-hero", label: "Hero range", testid: "study-hero",
    placeholder: "e.g. 22+, A2s+, KTo+ (empty: random)" });
  const villain = rangeInput({ id: "study-villain", label: "Villain range", testid: "study-villain",
    placeholder: "e.g. QQ+, AK (empty: random)" });
  const nextBox = el("input", { type: "checkbox", id: "study-next", checked: true, "data-testid": "study-next",
    onchange: () => save() });
  const runButton = el("button", { type: "button", class: "primary", "data-testid": "study-run", onclick: () => run() },
    "Study");
  const status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "study-status" });
  const editor = new RangeEditor({ idPrefix: "study-" });
  hero.button.addEventListener("click", () => editor.open("Hero range", hero.input.value.trim(), (text) => {
    hero.input.value = text;
    save();
  }));
  villain.button.addEventListener("click", () => editor.open("Villain range", villain.input.value.trim(), (text) => {
    villain.input.value = text;
    save();
  }));

  /** Play `name`: the picker greys the cards its deck lacks; the study shown is for another game. */
  function setGame(name) {
    game.select.value = name;
    if (!restoring) clearResults();
    picker.refresh();
    save();
  }

  // ---- what the page remembers -----------------------------------------------------------

  function save() {
    if (restoring) return;
    remember("study", { game: game.select.value, board: board.text, dead: dead.text, hero: hero.input.value,
      villain: villain.input.value, next: nextBox.checked });
  }

  function restore() {
    const kept = recall("study", null);
    restoring = true;
    if (isGame(kept?.game) && gameInfo(kept.game).hole_cards === 2) setGame(kept.game);
    if (typeof kept?.board === "string" && kept.board) board.set(kept.board);
    if (typeof kept?.dead === "string" && kept.dead) dead.set(kept.dead);
    if (typeof kept?.hero === "string") hero.input.value = kept.hero;
    if (typeof kept?.villain === "string") villain.input.value = kept.villain;
    if (typeof kept?.next === "boolean") nextBox.checked = kept.next;
    restoring = false;
  }

  // ---- the study -------------------------------------------------------------------------

  function request() {
    // The next card exists on the flop and the turn; on the river there is none to ask for.
    const nextCard = nextBox.checked && board.cards.length >= 3 && board.cards.length <= 4;
    return { game: game.select.value, board: board.text, dead: dead.text,
      hero: hero.input.value.trim() || "random", villains: [villain.input.value.trim() || "random"],
      next_card: nextCard };
  }

  async function run() {
    const ticket = ++runs;
    clearResults();
    setStatus(status, "");
    const problem = await fieldProblem([board, dead]);
    if (ticket !== runs) return;
    if (problem) {
      setStatus(status, problem);
      return;
    }
    const body = request();
    results.dataset.state = "running";
    setStatus(status, "Studying the board\u2026", "info");
    try {
      const data = await api("POST", "/study", body);
      if (ticket !== runs) return;
      setStatus(status, "");
      draw(data);
    } catch (error) {
      if (ticket !== runs) return;
      // The server's word on the inputs; the inputs stay as they were typed.
      delete results.dataset.state;
      setStatus(status, error.message);
    }
  }

  // ---- the results -----------------------------------------------------------------------

  const summary = el("p", { class: "study-summary", "data-testid": "study-summary" });
  const gridBox = el("div", { class: "study-grid", role: "group", "aria-label": "Equity of each starting hand",
    "data-testid": "study-grid" });
  const lightLine = el("p", { class: "hint study-lit", "data-testid": "study-lit" });
  const tableBox = el("div", { class: "table-scroll" });
  const curveBox = el("div", { class: "study-curve", "data-testid": "study-curve" });
  const nextBoxResult = el("div", { class: "study-next-box" });
  // The panels wrap: on a wide screen the grid sits beside the next card and the table beside
  // the curve; on a narrow one the table comes right under the grid whose hands it lights.
  const results = el("div", { class: "study-results", hidden: true, "data-testid": "study-results",
    "aria-live": "polite" },
  summary,
  el("div", { class: "study-panels" },
    el("section", { class: "panel study-hands", "aria-label": "Equity by starting hand" },
      el("h3", {}, "Equity by starting hand"),
      el("p", { class: "hint" }, "Each hand of the hero range against the villain range. Hover a hand for its combos "
        + "and equity; click a row of the table to light its hands."),
      gridBox, lightLine, legend("study-grid-legend")),
    el("section", { class: "panel study-next-panel", "aria-label": "Next card" },
      el("h3", {}, "Next card"),
      nextBoxResult),
    el("section", { class: "panel study-classes", "aria-label": "Made hands and draws" },
      el("h3", {}, "Made hands and draws"),
      el("p", { class: "hint" }, "Combos of the hero range in each class, their share of the range and their equity. "
        + "A combo has one made hand and any number of draws."),
      tableBox),
    el("section", { class: "panel study-distribution", "aria-label": "Equity distribution" },
      el("h3", {}, "Equity distribution"),
      el("p", { class: "hint" }, "The share of each range with at least a given equity, strongest combos first."),
      curveBox)));

  function clearResults() {
    shown = null;
    results.hidden = true;
    delete results.dataset.state;
    for (const box of [summary, gridBox, lightLine, tableBox, curveBox, nextBoxResult]) box.replaceChildren();
  }

  function draw(data) {
    const equities = data.equities;
    shown = { data, selected: null };
    drawSummary(data);
    drawGrid(equities);
    drawTable(data.breakdown);
    drawCurve(equities, data.villain_equities);
    drawNext(data.next_card, data.breakdown.board.length);
    results.hidden = false;
    results.dataset.state = "done";
  }

  /** "22+, A2s+, KTo+ on Ks 7h 2h: 141 combos. Against random: equity 70.11%, exact." */
  function drawSummary(data) {
    const { breakdown, equities } = data;
    const dead = breakdown.dead.length ? ` (dead ${breakdown.dead.join(" ")})` : "";
    const how = equities.exact ? "exact" : `Monte Carlo, standard error ${percent(equities.stderr, 3)}`;
    const combos = `${combosText(breakdown.total)} combo${breakdown.total === 1 ? "" : "s"}`;
    summary.textContent = `${breakdown.range} on ${breakdown.board.join(" ")}${dead}: ${combos}. `
      + `Against ${equities.villains.join(", ")}: equity ${equityText(equities.equity, 2)}, ${how}.`;
  }

  // The hero's grid: a cell per starting hand, coloured by its equity; hands not in the range
  // (or all of whose combos the board and dead cards hold) are left blank.
  function drawGrid(equities) {
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
    gridBox.replaceChildren(...cells);
  }

  /** Light the starting hands of a table row's combos (or none, for null). */
  function light(row) {
    const lit = new Map(row ? Object.entries(row.starting_hands) : []);   // hand -> its weighted combos in the class
    for (const cell of gridBox.children) {
      const count = lit.get(cell.dataset.hand) || 0;
      cell.classList.toggle("lit", count > 0);
      const title = count ? `${cell.dataset.title}; ${combosText(count)} combo${count === 1 ? "" : "s"} in ${row.class}`
        : cell.dataset.title;
      cell.title = title;
      cell.setAttribute("aria-label", title);
    }
    lightLine.textContent = row
      ? `Lit: ${row.class}, ${combosText(row.combos)} combos in ${plural(lit.size, "hand")}.` : "";
    for (const tr of tableBox.querySelectorAll("tr[data-class]")) {
      const on = Boolean(row) && tr.dataset.class === row.class && tr.dataset.part === row.part;
      tr.classList.toggle("selected", on);
      tr.querySelector(".study-class").setAttribute("aria-pressed", String(on));
    }
  }

  function select(row) {
    const same = shown.selected && shown.selected.class === row.class && shown.selected.part === row.part;
    shown.selected = same ? null : row;
    light(shown.selected);
  }

  /** The hero range becomes the part of it in `row`, and the study runs again on it. */
  function narrow(row) {
    hero.input.value = row.range;
    save();
    run();
  }

  /** A bar of `value` (0 to 1) in `colour`, for a table cell. */
  function bar(value, colour) {
    return el("span", { class: "study-track", "aria-hidden": "true" },
      el("span", { class: "study-bar", style: `width:${percent(value, 3)};background:${colour}` }));
  }

  /** A class's row: its name (a click lights its hands), combos, share, equity and Narrow. */
  function tableRow(row) {
    const known = row.equity !== null && row.equity !== undefined;
    const tr = el("tr", { "data-class": row.class, "data-part": row.part, "data-testid": `study-row-${row.class}` },
      el("th", {}, el("button", { type: "button", class: "study-class", "aria-pressed": "false" }, row.class)),
      el("td", { class: "study-combos" }, combosText(row.combos)),
      el("td", { class: "study-share" }, bar(row.share, "var(--felt)"),
        el("span", { class: "study-value" }, percent(row.share, 1))),
      el("td", { class: "study-equity" }, known ? bar(row.equity, equityColour(row.equity)) : null,
        el("span", { class: "study-value" }, equityText(row.equity))),
      el("td", {}, el("button", { type: "button", class: "small study-narrow", onclick: () => narrow(row),
        "data-testid": `study-narrow-${row.class}`, title: `Make the hero range ${row.range}` }, "Narrow")));
    tr.addEventListener("click", (event) => { if (!event.target.closest(".study-narrow")) select(row); });
    return tr;
  }

  // The made-hand and draw table: a row per class the range has (classes with no combo are
  // left out), the share and equity as bars.
  function drawTable(breakdown) {
    const section = (title, part, rows) => {
      const present = rows.filter((row) => row.combos > 0).map((row) => ({ ...row, part }));
      if (!present.length) return null;
      return el("tbody", { "data-part": part },
        el("tr", { class: "study-part" }, el("th", { colspan: "5" }, title)),
        present.map(tableRow));
    };
    const head = ["Class", "Combos", "Share", "Equity"].map((name) => el("th", {}, name));
    tableBox.replaceChildren(el("table", { class: "numbers study-table", "data-testid": "study-table" },
      el("thead", {}, el("tr", {}, head, el("th", {}, el("span", { class: "visually-hidden" }, "Narrow the range")))),
      section("Made hands", "made", breakdown.made),
      section("Draws", "draws", breakdown.draws),
      el("tfoot", {}, el("tr", {}, el("th", {}, "Range"), el("td", {}, combosText(breakdown.total)),
        el("td", {}, "100%"), el("td", {}, equityText(breakdown.equity)), el("td")))));
  }

  // The equity distribution: for each range a falling step line from its strongest combo (x =
  // 0) to its weakest (x = 100%); a point (x, y) says that a share x of the range has at
  // least the equity y.
  function drawCurve(equities, villainEquities) {
    const { width, height, left, right, top, bottom } = CURVE;
    const plotWidth = width - left - right;
    const plotHeight = height - top - bottom;
    const x = (share) => (left + share * plotWidth).toFixed(2);
    const y = (equity) => (top + (1 - equity) * plotHeight).toFixed(2);
    const grid = TICKS.flatMap((tick) => [
      svg("line", { class: "study-gridline", x1: x(tick), x2: x(tick), y1: y(0), y2: y(1) }),
      svg("line", { class: "study-gridline", x1: x(0), x2: x(1), y1: y(tick), y2: y(tick) }),
      svg("text", { class: "study-tick", x: x(tick), y: (top + plotHeight + 16).toFixed(2), "text-anchor": "middle" },
        `${100 * tick}%`),
      svg("text", { class: "study-tick", x: (left - 6).toFixed(2), y: y(tick), "text-anchor": "end",
        "dominant-baseline": "middle" }, `${100 * tick}%`),
    ]);
    const line = (points, who) => {
      const known = points.filter(([equity]) => equity !== null);
      if (!known.length) return null;
      // From x = 0 at the best equity, along to each point's share, then down to the next equity.
      const steps = [`M${x(0)} ${y(known[0][0])}`];
      known.forEach(([equity, share], index) => {
        if (index) steps.push(`L${x(known[index - 1][1])} ${y(equity)}`);
        steps.push(`L${x(share)} ${y(equity)}`);
      });
      return svg("path", { class: `study-line ${who}`, d: steps.join(" "), "data-testid": `study-curve-${who}` });
    };
    // The key, under the chart (where no line can run through it): each range's whole equity.
    const key = (who, label, equity) => el("span", { class: `study-key ${who}` },
      el("span", { class: "study-swatch", "aria-hidden": "true" }), `${label} ${equityText(equity)}`);
    const chart = svg("svg", { class: "study-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": "Equity distribution of the hero and villain ranges" },
    svg("rect", { class: "study-plot", x: left, y: top, width: plotWidth, height: plotHeight,
      "data-testid": "study-plot" }),
    grid,
    svg("text", { class: "study-axis", x: (left + plotWidth / 2).toFixed(2), y: height - 6, "text-anchor": "middle" },
      "share of the range, strongest first"),
    svg("text", { class: "study-axis", transform: `translate(12 ${(top + plotHeight / 2).toFixed(2)}) rotate(-90)`,
      "text-anchor": "middle" }, "equity"),
    line(equities.distribution, "hero"),
    villainEquities ? line(villainEquities.distribution, "villain") : null);
    curveBox.replaceChildren(chart, el("p", { class: "study-keys" }, key("hero", "Hero", equities.equity),
      villainEquities ? key("villain", "Villain", villainEquities.equity) : null));
  }

  // The next-card heat map: the deck in rows of rank (aces first) and columns of suit, each card
  // coloured by the hero's equity after it; the board, the dead cards and the cards the game's
  // deck lacks cannot come, and are greyed.
  function drawNext(next, boardSize) {
    if (!next) {
      const reason = boardSize === 5 ? "On the river no card is to come."
        : "Tick \u201cnext card\u201d and study a flop or a turn to see each next card\u2019s effect.";
      nextBoxResult.replaceChildren(el("p", { class: "hint", "data-testid": "study-next-none" }, reason));
      return;
    }
    const byCard = new Map(next.cards.map((row) => [row.card, row]));
    const detail = el("p", { class: "study-next-detail", "data-testid": "study-next-detail", "aria-live": "polite" });
    const describe = (row) => {
      const classes = Object.entries(row.classes).filter(([, share]) => share > 0)
        .sort((a, b) => b[1] - a[1]).map(([name, share]) => `${name} ${percent(share, 0)}`);
      detail.textContent = `After ${cardInfo(row.card).pretty} (probability ${percent(row.probability, 2)}): equity `
        + `${equityText(row.equity)}${classes.length ? `; the hero has ${classes.join(", ")}` : ""}.`;
    };
    const cells = [...deck()].reverse().map((card) => {
      const info = cardInfo(card);
      const row = byCard.get(card);
      const comes = Boolean(row) && row.probability > 0;
      let title;
      if (comes) title = `${info.pretty}: equity ${equityText(row.equity)}, probability ${percent(row.probability, 2)}`;
      else if (next.board.includes(card)) title = `${info.pretty}: on the board`;
      else if (next.dead.includes(card)) title = `${info.pretty}: dead`;
      else if (!picker.inDeck(card)) title = `${info.pretty}: not in this deck`;
      else title = `${info.pretty}: cannot come`;
      const cell = el("span", { class: `study-card suit-${info.suit}${comes ? "" : " out"}`, "data-card": card,
        "data-testid": `study-next-${card}`, title, "aria-label": title, tabindex: comes ? "0" : null },
      el("span", { class: "study-card-name" }, info.pretty),
      comes && row.equity !== null ? el("span", { class: "study-cell-value" }, (100 * row.equity).toFixed(0)) : null);
      if (comes && row.equity !== null) cell.style.background = equityColour(row.equity);
      if (comes) {
        cell.addEventListener("mouseenter", () => describe(row));
        cell.addEventListener("focus", () => describe(row));
      }
      return cell;
    });
    nextBoxResult.replaceChildren(
      el("p", { class: "hint" }, `The hero's equity now: ${equityText(next.equity)}. After each card that can come `
        + "(hover a card for its probability and what the hero holds then):"),
      el("div", { class: "study-deck", role: "group", "aria-label": "Hero equity after each next card",
        "data-testid": "study-next" }, cells),
      legend("study-next-legend"),
      detail);
  }

  // ---- layout --------------------------------------------------------------------------

  const inputPanel = el("div", { class: "panel" },
    el("h2", {}, "Study a board"),
    el("p", { class: "hint" }, "What a range holds on a flop, turn or river, which of its hands are ahead of the "
      + "villain's range and by how much, and what each next card does. Type a range or open the grid; "
      + "press Study, or Enter in a field."),
    game.element, board.element, dead.element, hero.element, villain.element,
    el("div", { class: "options" },
      el("label", { class: "check", for: "study-next" }, nextBox, " Next card: each turn or river card\u2019s effect")),
    el("div", { class: "actions" }, runButton),
    status);
  root.append(inputPanel, editor.element, results);
  inputPanel.addEventListener("input", save);   // typing is kept at once
  submitOnEnter(inputPanel, run);
  restore();

  return { fields: () => [board, dead], game: () => game.select.value };
}
