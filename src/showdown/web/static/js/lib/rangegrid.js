// The 13 x 13 grid of starting hands: pairs on the diagonal, suited hands above it, offsuit
// below. Click and drag to paint hands in or out at the chosen weight; right-click (or
// Shift+click, or S on a focused cell) opens a hand's suits, to pick exactly which of its combos
// are in; a slider takes the top X% of hands by the library's preflop order; ranges can be
// saved under a name in the browser, exported as text and imported back.
//
// The server owns the range: every edit goes to /api/range as the current text plus the
// painted hands or combos, and the canonical text, each hand's share and (for the open hand)
// each combo's weight come back. The page composes no range text of its own beyond the
// library's notation `top X%`.

import { api, el, setStatus } from "./api.js";
import { cardInfo } from "./deck.js";
import { recall, remember } from "./storage.js";
import { submitOnEnter } from "./forms.js";

const ORDER = "AKQJT98765432";
const READ_DELAY = 300;       // ms of quiet typing before the text goes to the server
const SAVED_KEY = "ranges";   // storage key of the saved ranges: [{name, text}, ...]
const EXPORT_FILE = "showdown-ranges.txt";

/** The starting hand in row r, column c: "AA", "AKs" (above the diagonal), "AKo" (below). */
export function handAt(row, column) {
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

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The saved ranges, as kept in the browser: a list of {name, text}. */
function savedRanges() {
  const kept = recall(SAVED_KEY, []);
  return Array.isArray(kept) ? kept.filter((item) => item && typeof item.name === "string"
    && typeof item.text === "string") : [];
}

/** The export format: one `name: range text` line per saved range. */
function exportText(ranges) {
  return ranges.map(({ name, text }) => `${name}: ${text}`).join("\n");
}

/**
 * Read the export format back: [{line, name, text}] and the problems, each naming its line.
 * Blank lines and lines starting with # are skipped; the name is what comes before the first
 * colon (so a range's own weights, "AKs:0.5", stay in its text).
 */
function readExport(source) {
  const entries = [];
  const problems = [];
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (!content || content.startsWith("#")) return;
    const colon = content.indexOf(":");
    const shown = content.length > 40 ? `${content.slice(0, 40)}\u2026` : content;
    if (colon < 0) {
      problems.push(`line ${line}: expected "name: range text", found "${shown}"`);
      return;
    }
    const name = content.slice(0, colon).trim();
    const text = content.slice(colon + 1).trim();
    if (!name) problems.push(`line ${line}: no name before the ':' in "${shown}"`);
    else if (!text) problems.push(`line ${line} (${name}): no range text after the ':'`);
    else entries.push({ line, name, text });
  });
  return { entries, problems };
}

export class RangeEditor {
  /** `idPrefix` starts the ids of the editor's inputs, for a page with more than one editor. */
  constructor({ idPrefix = "" } = {}) {
    this.idPrefix = idPrefix;
    this.hands = new Map();      // the server's answer: hand -> {hand, combos, size, weight}
    this.painted = new Map();    // painted but not yet answered: hand -> weight
    this.stroke = null;          // while dragging: {weight, hands: Set}
    this.canonical = "";         // the server's text for the range shown
    this.source = null;          // the text box's text that `canonical` was read from
    this.queue = Promise.resolve();   // edits go to the server one after another
    this.waiting = 0;
    this.session = 0;            // counts openings, so that answers for an earlier one are dropped
    this.suitHand = null;        // the hand whose suits are open, or null
    this.suitCombos = null;      // the server's combos of that hand: [{combo, cards, weight}]
    this.topTicket = 0;          // counts slider moves, so that only the last one is sent
    this.onApply = () => {};
    this.cells = new Map();
    this.build();
  }

  build() {
    this.grid = el("div", { class: "range-grid", "data-testid": "range-grid", role: "group",
      "aria-label": "Starting hands: click or drag to select; right-click or Shift+click to choose suits" });
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
    this.grid.addEventListener("contextmenu", (event) => {
      const cell = event.target.closest(".range-cell");
      if (!cell) return;
      event.preventDefault();
      if (this.stroke) {
        // A long press on a touch screen: it opens the suits instead of painting the cell.
        for (const hand of this.stroke.hands) this.painted.delete(hand);
        const { hands } = this.stroke;
        this.stroke = null;
        for (const hand of hands) this.drawCell(hand);
      }
      this.openSuits(cell.dataset.hand);
    });
    this.grid.addEventListener("keydown", (event) => {
      const cell = event.target.closest(".range-cell");
      if (!cell) return;
      const hand = cell.dataset.hand;
      if ((event.key === "Enter" || event.key === " ") && !event.shiftKey) {
        event.preventDefault();
        event.stopPropagation();
        this.edit({ [hand]: this.brushFor(hand) });
      } else if (event.key === "s" || event.key === "S" || (event.key === "Enter" && event.shiftKey)) {
        event.preventDefault();
        event.stopPropagation();
        this.openSuits(hand);
      }
    });

    this.weightInput = el("input", { type: "range", min: "5", max: "100", step: "5", value: "100",
      id: this.idPrefix + "range-weight", "data-testid": "range-weight",
      oninput: () => { this.weightLabel.textContent = `${this.weightInput.value}%`; } });
    this.weightLabel = el("output", { for: this.idPrefix + "range-weight" }, "100%");

    // The top X% of starting hands, by the library's preflop order (the notation `top X%`).
    this.topInput = el("input", { type: "range", min: "0", max: "100", step: "0.5", value: "0",
      id: this.idPrefix + "range-top", "data-testid": "range-top", oninput: () => this.topChanged() });
    this.topLabel = el("output", { for: this.idPrefix + "range-top", class: "range-top-label", "data-testid": "range-top-label",
      "aria-live": "polite" });

    this.text = el("textarea", { rows: "2", id: this.idPrefix + "range-text", "data-testid": "range-text", spellcheck: "false",
      oninput: () => this.textChanged() });
    // Enter uses the range (Shift+Enter is a new line, which the notation reads as a separator).
    this.text.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.ctrlKey || event.altKey) return;
      event.preventDefault();
      this.apply();
    });
    this.summary = el("p", { class: "range-summary", "data-testid": "range-summary", "aria-live": "polite" });
    this.status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "range-status" });
    this.title = el("h3", {}, "Range");

    this.buildSuits();
    this.buildSaved();

    this.element = el("div", { class: "range-editor panel", hidden: true, "data-testid": "range-editor" },
      this.title,
      el("div", { class: "range-body" },
        el("div", { class: "range-main" },
          this.grid,
          el("p", { class: "hint range-hint" }, "Click or drag to paint hands at the weight below. "
            + "Right-click a hand (or Shift+click it, or press S on it) to choose its suits.")),
        el("div", { class: "range-side" },
          el("label", { for: this.idPrefix + "range-weight" }, "Weight of the cells you paint"),
          el("div", { class: "weight-row" }, this.weightInput, this.weightLabel),
          el("label", { for: this.idPrefix + "range-top" }, "Top hands by preflop strength"),
          el("div", { class: "weight-row" }, this.topInput),
          this.topLabel,
          this.suits,
          el("label", { for: this.idPrefix + "range-text" }, "Range text"),
          this.text, this.summary, this.status,
          el("div", { class: "actions" },
            el("button", { type: "button", "data-testid": "range-clear", onclick: () => this.setAll(0) }, "Clear"),
            el("button", { type: "button", "data-testid": "range-all",
              onclick: () => this.setAll(this.weight()) }, "All"),
            el("button", { type: "button", class: "primary", "data-testid": "range-apply",
              onclick: () => this.apply() }, "Use this range"),
            el("button", { type: "button", "data-testid": "range-cancel", onclick: () => this.close() }, "Cancel")),
          this.saved)));

    // Enter in the editor's text inputs uses the range; the saved-range name field saves
    // (its own handler runs first). No Enter leaves the editor to run the view around it.
    submitOnEnter(this.element, () => this.apply());
    this.element.addEventListener("keydown", (event) => {
      if (event.key === "Enter") event.stopPropagation();
    });
    this.drawTopLabel(null);
  }

  // ---- suits: the combos of one hand ------------------------------------------------------

  buildSuits() {
    this.suitsTitle = el("h4", { "data-testid": "range-suits-title" });
    this.suitsList = el("div", { class: "suit-combos", role: "group", "data-testid": "range-suit-combos" });
    this.suits = el("div", { class: "range-suits", hidden: true, "data-testid": "range-suits" },
      this.suitsTitle, this.suitsList,
      el("div", { class: "actions" },
        el("button", { type: "button", class: "small", "data-testid": "range-suits-all",
          onclick: () => this.suitHand && this.edit({ [this.suitHand]: this.weight() }) }, "Every suit"),
        el("button", { type: "button", class: "small", "data-testid": "range-suits-none",
          onclick: () => this.suitHand && this.edit({ [this.suitHand]: 0 }) }, "None"),
        el("button", { type: "button", class: "small", "data-testid": "range-suits-close",
          onclick: () => this.closeSuits() }, "Done")));
  }

  /** Show the combos of `hand` (each toggled in or out at the chosen weight). */
  openSuits(hand) {
    if (this.suitHand && this.cells.has(this.suitHand)) this.cells.get(this.suitHand).classList.remove("open");
    this.suitHand = hand;
    this.suitCombos = null;
    this.cells.get(hand).classList.add("open");
    this.suits.hidden = false;
    this.suitsTitle.textContent = `Suits of ${hand}`;
    this.suitsList.replaceChildren();
    this.refresh();
  }

  closeSuits() {
    if (this.suitHand && this.cells.has(this.suitHand)) this.cells.get(this.suitHand).classList.remove("open");
    this.suitHand = null;
    this.suitCombos = null;
    this.suits.hidden = true;
  }

  /** Draw the open hand's combos from the server's answer. */
  drawSuits(detail) {
    if (!detail || detail.hand !== this.suitHand) return;
    this.suitCombos = detail.combos;
    const chosen = detail.combos.filter((combo) => combo.weight > 0).length;
    this.suitsTitle.textContent = `Suits of ${detail.hand}: ${chosen} of ${detail.size} combos`;
    this.suitsList.dataset.size = String(detail.size);
    this.suitsList.setAttribute("aria-label", `Combos of ${detail.hand}: click to put one in or take it out`);
    this.suitsList.replaceChildren(...detail.combos.map((combo) => {
      const cards = combo.cards.map((card) => cardInfo(card));
      const button = el("button", { type: "button", class: "suit-combo", "data-combo": combo.combo,
        "data-testid": `range-combo-${combo.combo}`,
        "aria-label": cards.map((card) => card.name).join(", "),
        onclick: () => this.toggleCombo(combo.combo) },
      cards.map((card) => el("span", { class: `suit-${card.suit}` }, card.pretty)),
      el("span", { class: "combo-weight" }));
      this.drawCombo(button, combo.weight);
      return button;
    }));
  }

  drawCombo(button, weight) {
    button.style.setProperty("--weight", weight);
    button.setAttribute("aria-pressed", weight > 0 ? "true" : "false");
    button.classList.toggle("selected", weight > 0);
    button.lastChild.textContent = weight > 0 && weight < 1 ? weightText(weight) : "";
    button.title = weight > 0 ? `${button.dataset.combo}: weight ${weightText(weight)}` : `${button.dataset.combo}: out`;
  }

  /** A click on a combo: in at the chosen weight, or out when it has that weight already. */
  toggleCombo(combo) {
    const weight = this.weight();
    const known = (this.suitCombos || []).find((item) => item.combo === combo);
    const current = known ? known.weight : 0;
    this.edit({ [combo]: Math.abs(current - weight) < 1e-9 ? 0 : weight });
  }

  // ---- saved ranges -------------------------------------------------------------------------

  buildSaved() {
    this.nameInput = el("input", { type: "text", id: this.idPrefix + "range-name", "data-testid": "range-name", autocomplete: "off",
      placeholder: "e.g. UTG open", maxlength: "80" });
    // Enter in the name saves (before the editor's own Enter, which would use the range).
    this.nameInput.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.isComposing || event.shiftKey || event.ctrlKey || event.altKey) return;
      event.preventDefault();
      event.stopPropagation();
      this.save();
    });
    this.savedList = el("ul", { class: "saved-ranges", "data-testid": "saved-ranges" });
    this.exportArea = el("textarea", { readonly: true, rows: "3", id: this.idPrefix + "range-export", "data-testid": "range-export",
      spellcheck: "false" });
    this.downloadLink = el("a", { class: "button small", "data-testid": "range-download", download: EXPORT_FILE,
      href: "#" }, "Download");
    this.importArea = el("textarea", { rows: "3", id: this.idPrefix + "range-import", "data-testid": "range-import",
      spellcheck: "false", placeholder: "UTG open: 77+, ATs+, KQs, AJo+" });
    this.savedStatus = el("p", { class: "status", hidden: true, role: "status", "data-testid": "saved-status" });
    this.saved = el("section", { class: "range-saved", "aria-label": "Saved ranges" },
      el("h4", {}, "Saved ranges"),
      el("div", { class: "save-row" },
        el("label", { for: this.idPrefix + "range-name" }, "Name"), this.nameInput,
        el("button", { type: "button", "data-testid": "range-save", onclick: () => this.save() }, "Save")),
      this.savedList,
      el("details", { class: "range-transfer", "data-testid": "range-transfer" },
        el("summary", {}, "Export or import"),
        el("label", { for: this.idPrefix + "range-export" }, "Every saved range, one \u201cname: range\u201d a line"),
        this.exportArea,
        el("div", { class: "actions" }, this.downloadLink),
        el("label", { for: this.idPrefix + "range-import" }, "Paste lines to import (a name that exists is replaced)"),
        this.importArea,
        el("div", { class: "actions" },
          el("button", { type: "button", "data-testid": "range-import-button", onclick: () => this.importRanges() },
            "Import"))),
      this.savedStatus);
    this.drawSaved();
  }

  drawSaved() {
    const ranges = savedRanges();
    this.savedList.replaceChildren(...ranges.map(({ name, text }) => el("li", { "data-name": name },
      el("button", { type: "button", class: "saved-load", title: `Load ${name}: ${text}`,
        onclick: () => this.load(name) }, name),
      el("span", { class: "saved-text" }, text),
      el("button", { type: "button", class: "small saved-delete", "aria-label": `Delete ${name}`,
        title: `Delete ${name}`, onclick: () => this.remove(name) }, "\u00d7"))));
    if (!ranges.length) this.savedList.append(el("li", { class: "hint" }, "None yet: name the range and save it."));
    const text = exportText(ranges);
    this.exportArea.value = text;
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = URL.createObjectURL(new Blob([text ? `${text}\n` : ""], { type: "text/plain" }));
    this.downloadLink.href = this.downloadUrl;
  }

  /** Save the range under the name given (replacing a range of that name). */
  async save() {
    const name = this.nameInput.value.trim();
    if (!name) { setStatus(this.savedStatus, "Give the range a name to save it under."); return; }
    if (name.includes(":")) {
      setStatus(this.savedStatus, `The name "${name}" has a ':', which the export uses to end the name.`);
      return;
    }
    await this.queue;
    const text = this.text.value.trim();
    if (!text) { setStatus(this.savedStatus, "The range is empty: there is nothing to save."); return; }
    try {
      await api("POST", "/range", { text });
    } catch (error) {
      setStatus(this.savedStatus, `Not saved: ${error.message}`);
      return;
    }
    const ranges = savedRanges();
    const existing = ranges.find((item) => item.name === name);
    if (existing) existing.text = text;
    else ranges.push({ name, text });
    remember(SAVED_KEY, ranges);
    this.drawSaved();
    setStatus(this.savedStatus, `${existing ? "Replaced" : "Saved"} \u201c${name}\u201d.`, "info");
  }

  load(name) {
    const found = savedRanges().find((item) => item.name === name);
    if (!found) return;
    this.nameInput.value = name;
    this.setText(found.text);
    this.textChanged(0);
    setStatus(this.savedStatus, `Loaded \u201c${name}\u201d.`, "info");
  }

  remove(name) {
    remember(SAVED_KEY, savedRanges().filter((item) => item.name !== name));
    this.drawSaved();
    setStatus(this.savedStatus, `Deleted \u201c${name}\u201d.`, "info");
  }

  /** Import `name: range` lines: every range is read by the server; any problem imports nothing. */
  async importRanges() {
    const { entries, problems } = readExport(this.importArea.value);
    const checks = await Promise.all(entries.map(async (entry) => {
      if (entry.name.length > 80) return `line ${entry.line}: the name is longer than 80 characters`;
      try {
        await api("POST", "/range", { text: entry.text });
        return null;
      } catch (error) {
        return `line ${entry.line} (${entry.name}): ${error.message}`;
      }
    }));
    const all = [...problems, ...checks.filter(Boolean)]
      .sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]));
    if (all.length) {
      setStatus(this.savedStatus, `Nothing imported: ${all.join("; ")}`);
      return;
    }
    if (!entries.length) {
      setStatus(this.savedStatus, "Nothing to import: paste lines such as \u201cUTG open: 77+, ATs+\u201d.");
      return;
    }
    const ranges = savedRanges();
    for (const { name, text } of entries) {
      const existing = ranges.find((item) => item.name === name);
      if (existing) existing.text = text;
      else ranges.push({ name, text });
    }
    remember(SAVED_KEY, ranges);
    this.drawSaved();
    this.importArea.value = "";
    setStatus(this.savedStatus, `Imported ${plural(entries.length, "range")}.`, "info");
  }

  // ---- opening, applying, editing --------------------------------------------------------

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
    this.closeSuits();
    this.topInput.value = "0";
    this.drawTopLabel(null);
    this.element.hidden = false;
    this.setText(text);
    this.summary.textContent = "";
    setStatus(this.status, "");
    setStatus(this.savedStatus, "");
    this.drawSaved();
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

  setText(value) {
    this.text.value = value;
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
    if (!cell || event.button !== 0) return;   // the right button opens the suits (contextmenu)
    event.preventDefault();
    if (event.shiftKey) {
      this.openSuits(cell.dataset.hand);
      return;
    }
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

  /** Set `weights` (hand or combo -> weight, 0 takes it out): drawn at once, then sent in turn. */
  edit(weights) {
    for (const [key, weight] of Object.entries(weights)) {
      if (this.cells.has(key)) {
        this.painted.set(key, weight);
        this.drawCell(key);
      } else {
        const button = this.suitsList.querySelector(`[data-combo="${key}"]`);
        if (button) this.drawCombo(button, weight);
        const known = (this.suitCombos || []).find((item) => item.combo === key);
        if (known) known.weight = weight;   // a second click before the answer toggles back
      }
    }
    this.enqueue((session) => this.send(weights, session));
  }

  /** Run `task(session)` after the requests before it; `waiting` counts those not answered. */
  enqueue(task) {
    this.waiting += 1;
    const session = this.session;
    // A task shows its own errors; one that throws all the same must not stop the ones after it.
    this.queue = this.queue.then(() => task(session)).catch(() => {}).finally(() => {
      this.waiting -= 1;
      if (!this.waiting) {
        this.painted.clear();
        this.drawAll();
      }
    });
  }

  /** The text to send: text typed but not yet read goes as it is; otherwise the server's own. */
  currentText() {
    const typed = this.text.value.trim();
    return typed === this.source ? this.canonical : typed;
  }

  /** The request for `text`, asking for the open hand's combos too. */
  body(text, weights) {
    const body = { text };
    if (weights && Object.keys(weights).length) body.weights = weights;
    if (this.suitHand) body.hand = this.suitHand;
    return body;
  }

  async send(weights, session) {
    const typed = this.text.value.trim();
    const text = this.currentText();
    clearTimeout(this.timer);
    try {
      const data = await api("POST", "/range", this.body(text, weights));
      if (session !== this.session || this.text.value.trim() !== typed) return;   // reopened or typed on
      this.setText(data.text);
      setStatus(this.status, "");
      this.show(data);
    } catch (error) {
      if (session === this.session) setStatus(this.status, error.message);
    }
  }

  /** Read the text as it stands (after the edits before it), e.g. for the open hand's combos. */
  refresh() {
    this.enqueue(async (session) => {
      const typed = this.text.value.trim();
      try {
        const data = await api("POST", "/range", this.body(this.currentText()));
        if (session !== this.session || this.text.value.trim() !== typed) return;
        setStatus(this.status, "");
        this.show(data);
      } catch (error) {
        if (session === this.session) setStatus(this.status, error.message);
      }
    });
  }

  /** The top-X% slider moved: the range becomes the top X% of hands (the last move wins). */
  topChanged() {
    const percent = this.topInput.value;
    const ticket = ++this.topTicket;
    this.drawTopLabel(percent);
    this.enqueue(async (session) => {
      if (ticket !== this.topTicket || session !== this.session) return;   // a later move replaces it
      clearTimeout(this.timer);
      const typed = this.text.value.trim();
      try {
        const data = await api("POST", "/range", this.body(Number(percent) > 0 ? `top ${percent}%` : ""));
        if (ticket !== this.topTicket || session !== this.session || this.text.value.trim() !== typed) return;
        this.setText(data.text);
        setStatus(this.status, "");
        this.show(data);
        this.drawTopLabel(percent, data);
      } catch (error) {
        if (session === this.session) setStatus(this.status, error.message);
      }
    });
  }

  /** "Top 10%: 134 combos (10.1% of all 1326), 17 starting hands", the counts from the server. */
  drawTopLabel(percent, data = null) {
    const label = this.topLabel;
    if (percent === null) {
      label.textContent = "Slide to take the best X% of starting hands";
      delete label.dataset.percent;
    } else if (!data) {
      label.textContent = `Top ${percent}%\u2026`;
      label.dataset.percent = percent;
    } else {
      label.textContent = `Top ${percent}%: ${plural(data.combos, "combo")} `
        + `(${(100 * data.fraction).toFixed(1)}% of all 1326), ${plural(data.starting_hands.length, "starting hand")}`;
      label.dataset.percent = percent;
    }
  }

  /** The text changed: read it through the server and redraw the grid (debounced). */
  textChanged(delay = READ_DELAY) {
    clearTimeout(this.timer);
    this.timer = setTimeout(async () => {
      const text = this.text.value.trim();
      const session = this.session;
      try {
        const data = await api("POST", "/range", this.body(text));
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
    if (data.hand_combos) this.drawSuits(data.hand_combos);
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
