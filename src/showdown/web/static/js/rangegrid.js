// The 13 x 13 grid of hand classes: pairs on the diagonal, suited hands above it, offsuit
// below. Click and drag to paint classes in or out at the chosen weight; the grid and the
// range text stay in step through /api/range.

import { api, el, setStatus } from "./api.js";

const ORDER = "AKQJT98765432";

/** The class in row r, column c: "AA", "AKs" (above the diagonal), "AKo" (below). */
export function classAt(row, column) {
  const high = ORDER[Math.min(row, column)];
  const low = ORDER[Math.max(row, column)];
  if (row === column) return high + low;
  return high + low + (row < column ? "s" : "o");
}

/** Weight text: 1 -> "1", 0.5 -> "0.5", 0.333 -> "0.33". */
function weightText(weight) {
  return String(Math.round(weight * 100) / 100);
}

/** Range text for a class -> weight map: full classes plain, the others grouped by weight. */
export function rangeText(weights) {
  const groups = new Map();
  for (let row = 0; row < 13; row += 1) {
    for (let column = 0; column < 13; column += 1) {
      const handClass = classAt(row, column);
      const weight = weights.get(handClass) || 0;
      if (weight <= 0) continue;
      const key = weightText(weight);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(handClass);
    }
  }
  const parts = [];
  for (const [key, classes] of groups) {
    parts.push(key === "1" ? classes.join(", ") : `${key}(${classes.join(", ")})`);
  }
  return parts.join(", ");
}

export class RangeEditor {
  /** `onApply(text)` receives the range text when the user is done. */
  constructor() {
    this.weights = new Map();
    this.painting = null;     // while dragging: the weight being painted (0 clears)
    this.onApply = () => {};
    this.cells = new Map();
    this.build();
  }

  build() {
    this.grid = el("div", { class: "range-grid", "data-testid": "range-grid", role: "group",
      "aria-label": "Hand classes: click or drag to select" });
    for (let row = 0; row < 13; row += 1) {
      for (let column = 0; column < 13; column += 1) {
        const handClass = classAt(row, column);
        const kind = row === column ? "pair" : row < column ? "suited" : "offsuit";
        const cell = el("button", { type: "button", class: `range-cell ${kind}`, "data-class": handClass,
          "data-testid": `range-cell-${handClass}`, "aria-pressed": "false" }, handClass);
        this.cells.set(handClass, cell);
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
        this.toggle(cell.dataset.class);
        this.sync();
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
            el("button", { type: "button", onclick: () => this.setAll(0) }, "Clear"),
            el("button", { type: "button", onclick: () => this.setAll(this.weight()) }, "All"),
            el("button", { type: "button", class: "primary", "data-testid": "range-apply",
              onclick: () => this.apply() }, "Use this range"),
            el("button", { type: "button", onclick: () => this.close() }, "Cancel")))));
  }

  weight() { return Number(this.weightInput.value) / 100; }

  /** Open the editor for a player's range text. */
  open(title, text, onApply) {
    this.title.textContent = title;
    this.onApply = onApply;
    this.element.hidden = false;
    this.text.value = text;
    this.textChanged(0);
    this.element.scrollIntoView({ block: "nearest" });
  }

  close() { this.element.hidden = true; }

  apply() {
    this.onApply(this.text.value.trim());
    this.close();
  }

  toggle(handClass) {
    const current = this.weights.get(handClass) || 0;
    this.paint(handClass, Math.abs(current - this.weight()) < 1e-9 ? 0 : this.weight());
  }

  paint(handClass, weight) {
    if (weight > 0) this.weights.set(handClass, weight);
    else this.weights.delete(handClass);
    this.drawCell(handClass);
  }

  setAll(weight) {
    for (const handClass of this.cells.keys()) this.paint(handClass, weight);
    this.sync();
  }

  startPaint(event) {
    const cell = event.target.closest(".range-cell");
    if (!cell) return;
    event.preventDefault();
    const current = this.weights.get(cell.dataset.class) || 0;
    // The first cell decides: painting over a cell that already has this weight clears.
    this.painting = Math.abs(current - this.weight()) < 1e-9 ? 0 : this.weight();
    this.paint(cell.dataset.class, this.painting);
  }

  continuePaint(event) {
    if (this.painting === null) return;
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target && target.closest(".range-cell");
    if (cell && this.grid.contains(cell)) this.paint(cell.dataset.class, this.painting);
  }

  endPaint() {
    if (this.painting === null) return;
    this.painting = null;
    this.sync();
  }

  drawCell(handClass) {
    const cell = this.cells.get(handClass);
    const weight = this.weights.get(handClass) || 0;
    cell.style.setProperty("--weight", weight);
    cell.classList.toggle("selected", weight > 0);
    cell.setAttribute("aria-pressed", weight > 0 ? "true" : "false");
    cell.title = weight > 0 ? `${handClass}: weight ${weightText(weight)}` : handClass;
  }

  drawAll() {
    for (const handClass of this.cells.keys()) this.drawCell(handClass);
  }

  summarize(data) {
    const classes = Object.keys(data.classes).length;
    const fraction = data.combos / 1326;
    this.summary.textContent = `${data.combos} combos (${(100 * fraction).toFixed(1)}% of hands), `
      + `${classes} hand class${classes === 1 ? "" : "es"}`;
  }

  /** The grid changed: write the text, then let the server put it in canonical form. */
  async sync() {
    const text = rangeText(this.weights);
    this.text.value = text;
    setStatus(this.status, "");
    if (!text) { this.summary.textContent = "No hands selected"; return; }
    try {
      const data = await api("POST", "/range", { text });
      if (this.text.value === text) this.text.value = data.canonical;
      this.summarize(data);
    } catch (error) {
      setStatus(this.status, error.message);
    }
  }

  /** The text changed: read it through the server and redraw the grid (debounced). */
  textChanged(delay = 300) {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const text = this.text.value.trim();
      setStatus(this.status, "");
      if (!text) {
        this.weights.clear();
        this.drawAll();
        this.summary.textContent = "No hands selected";
        return;
      }
      try {
        const data = await api("POST", "/range", { text });
        if (this.text.value.trim() !== text) return;   // typed on meanwhile
        this.weights = new Map(Object.entries(data.classes));
        this.drawAll();
        this.summarize(data);
      } catch (error) {
        setStatus(this.status, error.message);
      }
    }, delay);
  }
}
