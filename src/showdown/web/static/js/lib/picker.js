// Card fields (a row of card slots beside a text input) and the card picker they share.
//
// Clicking a card in the picker puts it into the focused field's next empty slot, then moves
// on to the next field that still has room. Cards used anywhere in the current view are
// greyed out. Typing notation into a field's text input works too: the server reads it.

import { api, el } from "./api.js";
import { cardSVG, miniCardSVG } from "./cards.js";
import { cardInfo, deck } from "./deck.js";
import { gameInfo } from "./games.js";

let fieldCount = 0;

const PARSE_DELAY = 150;   // ms of quiet typing before the text goes to the server

export class CardField {
  /**
   * @param {object} options
   *   label: the field's name; max: how many cards it holds; testid: data-testid prefix;
   *   ranges: true when the text may also be a hand range (the slots then stay empty);
   *   onChange: called after every change.
   */
  constructor({ label, max, testid, ranges = false, placeholder = "", onChange = () => {} }) {
    this.label = label;
    this.max = max;
    this.ranges = ranges;
    this.onChange = onChange;
    this.cards = [];
    this.error = "";
    this.isRange = false;
    this.parses = 0;          // numbers the parse requests, so that a stale answer is ignored
    this.waiting = false;     // typed text not yet read by the server
    fieldCount += 1;
    const inputId = `card-field-${fieldCount}`;
    this.slots = el("div", { class: "slots", "data-testid": `${testid}-slots` });
    this.input = el("input", {
      id: inputId, type: "text", autocomplete: "off", spellcheck: "false",
      placeholder: placeholder || (max === 2 ? "e.g. As Kd" : "e.g. Ac Kc Jc"),
      "data-testid": `${testid}-input`,
      oninput: () => this.typed(),
      onfocus: () => picker.focus(this),
    });
    this.message = el("span", { class: "field-error", role: "alert" });
    this.element = el("div", { class: "card-field", "data-testid": testid },
      el("label", { for: inputId }, label), this.slots, this.input, this.message);
    this.element.addEventListener("pointerdown", () => picker.focus(this, false));
    this.render();
  }

  get full() { return this.cards.length >= this.max; }

  /** The field's text as the API wants it: what was typed, or the picked cards. */
  get text() { return this.input.value.trim(); }

  /** The text changed: have the server read it once the typing pauses. */
  typed() {
    clearTimeout(this.timer);
    const text = this.text;
    const ticket = ++this.parses;
    this.waiting = Boolean(text);
    if (!text) this.show({ cards: [] });
    else this.timer = setTimeout(() => this.parse(text, ticket), PARSE_DELAY);
  }

  /** Resolves once the text typed so far has been read (at once when nothing is pending). */
  async settled() {
    while (this.waiting) await new Promise((resolve) => { setTimeout(resolve, 20); });
  }

  async parse(text, ticket) {
    let outcome;
    try {
      const cards = (await api("POST", "/cards/parse", { text })).cards.map((card) => card.card);
      if (cards.length <= this.max) outcome = { cards };
      else outcome = this.ranges ? { range: true } : { error: `at most ${this.max} cards, got ${cards.length}` };
    } catch (error) {
      // Text that is not cards is a range in a field that takes ranges.
      outcome = error.status === 422 && this.ranges ? { range: true } : { error: error.message };
    }
    if (ticket !== this.parses) return;
    this.waiting = false;
    this.show(outcome);
  }

  /** Take a parse outcome; a bad text keeps the last good cards while it is being edited. */
  show({ cards, range = false, error = "" }) {
    this.isRange = range;
    this.error = error;
    if (!error) this.cards = cards || [];
    this.render();
    picker.refresh();
    this.onChange(this);
  }

  /** Hold `max` cards from now on (a game with more or fewer hole cards): the text is read again. */
  resize(max, placeholder = "") {
    if (max === this.max) return;
    this.max = max;
    if (placeholder) this.input.placeholder = placeholder;
    if (this.text) this.typed();
    else this.render();
  }

  /** Replace the cards (an array of card text) or the text (a string) and redraw. */
  set(value) {
    if (!Array.isArray(value)) {
      this.input.value = value;
      this.typed();
      return;
    }
    clearTimeout(this.timer);
    this.parses += 1;
    this.waiting = false;
    this.input.value = value.slice(0, this.max).join(" ");
    this.show({ cards: value.slice(0, this.max) });
  }

  add(card) {
    if (this.full || this.cards.includes(card)) return false;
    this.set([...this.cards, card]);
    return true;
  }

  removeAt(index) {
    this.set(this.cards.filter((_, i) => i !== index));
  }

  clear() { this.set([]); }

  /** Draw the slots (or a chip for a range) and the error. */
  render() {
    this.slots.replaceChildren();
    if (this.isRange) {
      // The whole range, wrapping (the field grows to hold it), and as a tooltip.
      this.slots.append(el("span", { class: "range-chip", title: this.text }, this.text));
    } else {
      for (let i = 0; i < this.max; i += 1) {
        const card = this.cards[i];
        const slot = el("button", {
          type: "button",
          class: `slot ${card ? "filled" : "empty"}`,
          "data-testid": `slot-${i}`,
          "aria-label": card ? `${cardInfo(card).name}: click to remove` : `${this.label}: empty slot ${i + 1}`,
          onclick: () => { picker.focus(this, false); if (card) this.removeAt(i); },
        });
        if (card) slot.innerHTML = cardSVG(card, { title: false });
        this.slots.append(slot);
      }
    }
    this.message.textContent = this.error;
    this.input.setAttribute("aria-invalid", this.error ? "true" : "false");
    this.element.classList.toggle("invalid", Boolean(this.error));
  }
}

/** The picker: a 52-card deck in four suit rows. One instance, shared by the views. */
class Picker {
  constructor() {
    this.fields = () => [];
    this.game = () => "holdem";
    this.active = null;
    this.buttons = new Map();
    this.element = null;
  }

  /** Build the deck into `container`: a row per suit, spades first, aces first. */
  mount(container) {
    this.element = container;
    const grid = el("div", { class: "picker-grid", role: "group", "aria-label": "Deck" });
    const rows = new Map();
    for (const card of deck().reverse()) {
      const { suit, name, pretty } = cardInfo(card);
      if (!rows.has(suit)) rows.set(suit, []);
      rows.get(suit).push(el("button", {
        type: "button", class: "pick", "data-card": card, "data-testid": `pick-${card}`,
        "aria-label": name, title: pretty, html: miniCardSVG(card),
        onclick: () => this.pick(card),
      }));
    }
    for (const button of [...rows.values()].flat()) {
      this.buttons.set(button.dataset.card, button);
      grid.append(button);
    }
    this.target = el("p", { class: "picker-target", "aria-live": "polite" });
    container.replaceChildren(this.target, grid);
    this.refresh();
  }

  /**
   * Which fields the picker serves and the game they are for: functions, since views add and
   * remove fields and change games.
   */
  use(fieldsOfView, gameOfView = () => "holdem") {
    this.fields = fieldsOfView;
    this.game = gameOfView;
    this.active = null;
    this.refresh();
  }

  focus(field, moveCaret = true) {
    this.active = field;
    if (moveCaret && document.activeElement !== field.input) field.input.focus();
    this.refresh();
  }

  /** Place a card into the focused field, or the first field with room. */
  pick(card) {
    const fields = this.fields();
    if (!fields.length) return;
    let field = this.active && fields.includes(this.active) && !this.active.full ? this.active : null;
    if (!field) field = fields.find((f) => !f.full && !f.isRange);
    if (!field) return;
    if (field.add(card) && field.full) {
      // Move on to the next field with room, in the view's order, wrapping around.
      const start = fields.indexOf(field);
      const next = [...fields.slice(start + 1), ...fields.slice(0, start)]
        .find((f) => !f.full && !f.isRange);
      this.active = next || field;
    } else {
      this.active = field;
    }
    this.refresh();
  }

  /** Whether `card` is in the deck of the view's game (its ids run from the game's lowest). */
  inDeck(card) {
    return cardInfo(card).id >= gameInfo(this.game()).lowest_card_id;
  }

  /** Grey out the cards in use (and those not in the game's deck) and mark the focused field. */
  refresh() {
    if (!this.element) return;
    const fields = this.fields();
    const used = new Set(fields.flatMap((f) => f.cards));
    for (const [card, button] of this.buttons) {
      const taken = used.has(card);
      const out = !this.inDeck(card);
      button.disabled = taken || out;
      button.classList.toggle("used", taken);
      button.classList.toggle("out", out);
      button.title = out ? `${cardInfo(card).pretty}: not in the short deck` : cardInfo(card).pretty;
    }
    for (const field of fields) field.element.classList.toggle("focused", field === this.active);
    const label = this.active && fields.includes(this.active) ? this.active.label : null;
    if (fields.length && fields.every((f) => f.full || f.isRange)) {
      this.target.textContent = "Every card field is full";
    } else {
      this.target.textContent = label ? `Cards go to: ${label}` : "Click a card field, then pick cards";
    }
  }

  /** `count` cards not used in the view, chosen at random (for "deal random"). */
  randomUnused(count) {
    const used = new Set(this.fields().flatMap((f) => f.cards));
    const free = deck().filter((card) => !used.has(card) && this.inDeck(card));
    const chosen = [];
    for (let i = 0; i < count && free.length; i += 1) {
      const index = Math.floor(Math.random() * free.length);
      chosen.push(free.splice(index, 1)[0]);
    }
    return chosen;
  }
}

export const picker = new Picker();

/**
 * A small row of card faces (not interactive); `marked` cards get the class "marked", the
 * cards of a low hand (`low`) the class "low", and with `dim` the others are dimmed.
 */
export function cardRow(cards, { marked = [], low = [], dim = false, testid } = {}) {
  return el("div", { class: "card-row", "data-testid": testid },
    cards.map((card) => {
      const kept = marked.includes(card) || low.includes(card);
      const classes = ["card", marked.includes(card) && "marked", low.includes(card) && "low", dim && !kept && "dim"];
      return el("span", { class: classes.filter(Boolean).join(" "), "data-card": card, html: cardSVG(card) });
    }));
}
