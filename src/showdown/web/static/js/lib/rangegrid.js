// The 13 x 13 grid of starting hands: pairs on the diagonal, suited hands above it, offsuit
// below. Click and drag to paint hands in or out at the chosen weight. The server owns the
// range: every edit goes to /api/range as the current text plus the painted hands, and the
// canonical text and each hand's share come back.

import { api, el, setStatus } from "./api.js";

const ORDER = "AKQJT98765432";
const READ_DELAY = 300;       // ms of quiet typing before the text goes to the server

/** The starting hand in row r, column c: "AA", "AKs" (above the diagonal), "AKo" (below). */
function handAt(row, column) {
  const high = ORDER[Math.min(row, column)];
  const low = ORDER[Math.max(row, column)];
  if (row === column) return high + low;
  return high + low + (row < column ? "s" : "o");
}

/** Weight text: 1 -> "1", 0.5 -> "0.5", 0.333 -> "0.33". */
function weightText(weight) {
  return String(Math.round(weight * 100) / 100);
}

/** The range does not hold the whole hand at one weight (some combos, or mixed weights). */
function isPartial(info) {
  return !info.whole;
}

export class RangeEditor {
  constructor() {
    this.hands = new Map();      // the server's answer: hand -> {hand, combos, size, weight}
    this.painted = new Map();    // painted but not yet answered: hand -> weight
    this.stroke = null;          // while dragging: {weight, hands: Set}
    this.canonical = "";         // the server's text for the range shown
    this.source = null;          // the text box's text that `canonical` was read from
    this.queue = Promise.resolve();   // edits go to the server one after another
    this.waiting = 0;
    this.session = 0;            // counts openings, so that answers for an earlier one are dropped
    this.onApply = () => {};
    this.cells = new Map();
    this.build();
  }

  build() {
    this.grid = el("div", { class: "range-grid", "data-testid": "range-grid", role: "group",
      "aria-label": "Starting hands: click or drag to select" });
    for (let row = 0; row < 13; row += 1) {
      for (let column = 0; column < 13; column += 1) {
        const hand = handAt(row, column);
        const kind = row === column ? "pair" : row < column ? "suited" : "offsuit";
        const cell = el("button", { type: "button", class: `range-cell ${kind}`, "data-hand": hand,
          "data-testid": `range-cell-${hand}`, "aria-pressed": "false" }, hand);
        this.cells.set(hand, cell);
        this.grid.append(cell);
      }
    }
    // Pointer events cover mouse, pen and touch; moves are resolved with elementFromPoint so
    // that a drag paints every cell it crosses.
    this.grid.addEventListener("pointerdown", (event) => this.startPaint(event));
    this.grid.addEventListener("pointermove", (event) => this.continuePaint(event));
    window.addEventListener("pointerup", () => this.endPaint());
    this.grid.addEventListener("keydown", (event) => {
      const cell = event.target.closest(".range-cell");
      if (cell && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        const hand = cell.dataset.hand;
        this.edit({ [hand]: this.brushFor(hand) });
      }
    });

    this.weightInput = el("input", { type: "range", min: "5", max: "100", step: "5", value: "100",
      id: "range-weight", "data-testid": "range-weight",
      oninput: () => { this.weightLabel.textContent = `${this.weightInput.value}%`; } });
    this.weightLabel = el("output", { for: "range-weight" }, "100%");
    this.text = el("textarea", { rows: "2", id: "range-text", "data-testid": "range-text", spellcheck: "false",
      oninput: () => this.textChanged() });
    this.summary = el("p", { class: "range-summary", "data-testid": "range-summary", "aria-live": "polite" });
    this.status = el("p", { class: "status", hidden: true, role: "status" });
    this.title = el("h3", {}, "Range");
    this.element = el("div", { class: "range-editor panel", hidden: true, "data-testid": "range-editor" },
      this.title,
      el("div", { class: "range-body" },
        this.grid,
        el("div", { class: "range-side" },
          el("label", { for: "range-weight" }, "Weight of the cells you paint"),
          el("div", { class: "weight-row" }, this.weightInput, this.weightLabel),
          el("label", { for: "range-text" }, "Range text"),
          this.text, this.summary, this.status,
          el("div", { class: "actions" },
            el("button", { type: "button", "data-testid": "range-clear", onclick: () => this.setAll(0) }, "Clear"),
            el("button", { type: "button", "data-testid": "range-all",
              onclick: () => this.setAll(this.weight()) }, "All"),
            el("button", { type: "button", class: "primary", "data-testid": "range-apply",
              onclick: () => this.apply() }, "Use this range"),
            el("button", { type: "button", onclick: () => this.close() }, "Cancel")))));
  }

  weight() { return Number(this.weightInput.value) / 100; }

  /** Open the editor on a player's text; `onApply(text)` receives the range when done. */
  open(title, text, onApply) {
    this.session += 1;
    this.title.textContent = title;
    this.onApply = onApply;
    this.hands.clear();
    this.painted.clear();
    this.canonical = "";
    this.source = null;
    this.element.hidden = false;
    this.text.value = text;
    setStatus(this.status, "");
    this.drawAll();
    this.textChanged(0);
    this.element.scrollIntoView({ block: "nearest" });
  }

  close() { this.element.hidden = true; }

  /** Hand back the text once the edits sent so far are answered. */
  async apply() {
    await this.queue;
    this.onApply(this.text.value.trim());
    this.close();
  }

  /** The weight a click on `hand` paints: the brush, or 0 when the whole hand has that weight. */
  brushFor(hand) {
    const weight = this.weight();
    const info = this.hands.get(hand);
    const current = this.painted.has(hand) ? this.painted.get(hand) : info && !isPartial(info) ? info.weight : null;
    return current !== null && Math.abs(current - weight) < 1e-9 ? 0 : weight;
  }

  setAll(weight) {
    this.edit(Object.fromEntries([...this.cells.keys()].map((hand) => [hand, weight])));
  }

  startPaint(event) {
    const cell = event.target.closest(".range-cell");
    if (!cell) return;
    event.preventDefault();
    // The first cell decides whether this drag paints or clears.
    this.stroke = { weight: this.brushFor(cell.dataset.hand), hands: new Set() };
    this.paintCell(cell.dataset.hand);
  }

  continuePaint(event) {
    if (!this.stroke) return;
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target && target.closest(".range-cell");
    if (cell && this.grid.contains(cell)) this.paintCell(cell.dataset.hand);
  }

  paintCell(hand) {
    this.stroke.hands.add(hand);
    this.painted.set(hand, this.stroke.weight);
    this.drawCell(hand);
  }

  endPaint() {
    if (!this.stroke) return;
    const { weight, hands } = this.stroke;
    this.stroke = null;
    this.edit(Object.fromEntries([...hands].map((hand) => [hand, weight])));
  }

  /** Set `weights` (hand -> weight, 0 takes it out): drawn at once, then sent in turn. */
  edit(weights) {
    for (const [hand, weight] of Object.entries(weights)) {
      this.painted.set(hand, weight);
      this.drawCell(hand);
    }
    this.waiting += 1;
    const session = this.session;
    this.queue = this.queue.then(() => this.send(weights, session));
  }

  async send(weights, session) {
    // Text typed but not yet read goes as it is; otherwise the server's own text.
    const typed = this.text.value.trim();
    const text = typed === this.source ? this.canonical : typed;
    clearTimeout(this.timer);
    try {
      const data = await api("POST", "/range", { text, weights });
      if (session !== this.session || this.text.value.trim() !== typed) return;   // reopened or typed on
      this.text.value = data.text;
      setStatus(this.status, "");
      this.show(data);
    } catch (error) {
      if (session === this.session) setStatus(this.status, error.message);
    } finally {
      this.waiting -= 1;
      if (!this.waiting) {
        this.painted.clear();
        this.drawAll();
      }
    }
  }

  /** The text changed: read it through the server and redraw the grid (debounced). */
  textChanged(delay = READ_DELAY) {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const text = this.text.value.trim();
      const session = this.session;
      try {
        const data = await api("POST", "/range", { text });
        if (session !== this.session || this.text.value.trim() !== text) return;   // stale
        setStatus(this.status, "");
        this.show(data);
      } catch (error) {
        if (session === this.session) setStatus(this.status, error.message);
      }
    }, delay);
  }

  /** Take the server's answer for the text box's text. */
  show(data) {
    this.canonical = data.text;
    this.source = this.text.value.trim();
    this.hands = new Map(data.starting_hands.map((info) => [info.hand, info]));
    this.drawAll();
    const count = data.starting_hands.length;
    this.summary.textContent = data.combos
      ? `${data.combos} combos (${(100 * data.fraction).toFixed(1)}% of hands), `
        + `${count} starting hand${count === 1 ? "" : "s"}`
      : "No hands selected";
  }

  drawCell(hand) {
    const cell = this.cells.get(hand);
    const painted = this.painted.get(hand);
    const info = painted === undefined ? this.hands.get(hand) : null;
    const weight = painted ?? (info ? info.weight : 0);
    const partial = Boolean(info && isPartial(info));
    cell.style.setProperty("--weight", weight);
    cell.classList.toggle("selected", weight > 0);
    cell.classList.toggle("partial", partial);
    cell.setAttribute("aria-pressed", partial ? "mixed" : weight > 0 ? "true" : "false");
    if (partial) cell.title = `${hand}: ${info.combos} of ${info.size} combos, weight ${weightText(weight)}`;
    else cell.title = weight > 0 ? `${hand}: weight ${weightText(weight)}` : hand;
  }

  drawAll() {
    for (const hand of this.cells.keys()) this.drawCell(hand);
  }
}
