// The hand at the Video poker machine: deal, click cards to hold, draw (held cards stay in their
// places); the payout, the best hold and the EV given up, with the lines of the strategy list
// both holds follow; the tutor that warns before a costly draw.

import { api, el, setStatus } from "../../lib/api.js";
import { backSVG, cardName, cardSVG } from "../../lib/cards.js";
import { heldCards } from "./state.js";

const NO_CARDS = [null, null, null, null, null];

/** "line 14 (Unsuited KQ, QJ)"; a hold the list has no line for: its words, off the list. */
function lineText(line) {
  return line.number === null ? `no line of the list (${line.words})` : `line ${line.number} (${line.words})`;
}

/** "Jd Js" for cards, "nothing" when none. */
function cardsText(cards, none = "nothing") {
  return cards.length ? cards.join(" ") : none;
}

/** "cards 1 and 3": the API's positions (from 0) counted from 1, as the keys 1 to 5 and `showdown vp` count them. */
function positionsText(positions) {
  const numbers = positions.map((p) => p + 1);
  if (!numbers.length) return "no card";
  if (numbers.length === 1) return `card ${numbers[0]}`;
  return `cards ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

export class Hand {
  /**
   * The machine's game, from the view: paytable() (as the API takes it), coins(), table() (the
   * one played), ready() (a table to play), tutor() (the tutor is on), status (the view's
   * status line), strategy (the StrategyList), showPaytable(hitKey), record(result) (the tally).
   */
  constructor(machine) {
    this.machine = machine;
    this.current = null;     // {seed, deal, held: Set of indices 0..4, joker} while a hand is on
    this.pending = false;    // a deal or a draw is asked for: the button takes no second click
    this.dealButton = el("button", { type: "button", class: "primary big", "data-testid": "vp-deal",
      onclick: () => (this.current ? this.draw() : this.deal()) }, "Deal");
    this.cardsRow = el("div", { class: "vp-cards", "data-testid": "vp-cards" });
    this.verdict = el("div", { class: "vp-verdict", "data-testid": "vp-verdict", "aria-live": "polite" });
    this.tutorWarning = el("div", { class: "vp-tutor", "aria-live": "polite" });
    this.advice = el("div", { class: "vp-advice", "data-testid": "vp-advice", "aria-live": "polite" });
    this.drawCards(NO_CARDS);
  }

  /** Five card buttons, numbered 1 to 5 below (the keys that hold them); `held` indices show HELD. */
  drawCards(cards, { held = new Set(), clickable = false } = {}) {
    this.cardsRow.replaceChildren(...cards.map((card, index) => {
      const isHeld = held.has(index);
      return el("button", {
        type: "button", class: `vp-card ${isHeld ? "held" : ""}`,
        "data-testid": `vp-card-${index}`, "data-card": card || "",
        "aria-pressed": clickable ? String(isHeld) : null,
        "aria-label": card ? `${cardName(card)}${isHeld ? ", held" : ""}` : "card back",
        disabled: !clickable,
        html: (card ? cardSVG(card, { title: false }) : backSVG()),
        onclick: () => this.toggle(index),
      }, el("span", { class: "position-label", "aria-hidden": "true" }, String(index + 1)),
      el("span", { class: "held-label" }, "HELD"));
    }));
  }

  /** Whether a hand on the table was dealt from the deck of a game with (or without) the joker. */
  dealtFrom(joker) {
    return !this.current || this.current.joker === joker;
  }

  /** Put the hand away (its deal is not one of this game's deck). */
  end(message) {
    this.current = null;
    this.dealButton.textContent = "Deal";
    this.drawCards(NO_CARDS);
    this.verdict.textContent = message;
    this.verdict.className = "vp-verdict";
    this.advice.replaceChildren();
  }

  toggle(index) {
    const hand = this.current;
    if (!hand) return;
    if (hand.held.has(index)) hand.held.delete(index);
    else hand.held.add(index);
    this.tutorWarning.replaceChildren();
    this.drawCards(hand.deal, { held: hand.held, clickable: true });
  }

  /**
   * Run one deal or draw at a time: while it is asked for, the button and the cards take no
   * click, and the verdict says "Working..." at once (a new game's first draw derives its
   * strategy list, which takes a while once).
   */
  async once(work) {
    if (this.pending) return;
    this.pending = true;
    this.dealButton.disabled = true;
    this.dealButton.setAttribute("aria-busy", "true");
    this.cardsRow.querySelectorAll("button").forEach((card) => { card.disabled = true; });
    const before = this.verdict.textContent;
    this.verdict.textContent = "Working...";
    try {
      await work();
    } finally {
      if (this.verdict.textContent === "Working...") this.verdict.textContent = before;
      this.pending = false;
      this.dealButton.disabled = false;
      this.dealButton.removeAttribute("aria-busy");
      if (this.current) this.drawCards(this.current.deal, { held: this.current.held, clickable: true });
    }
  }

  deal() {
    return this.once(() => this.dealNow());
  }

  async dealNow() {
    const { machine } = this;
    setStatus(machine.status, "");
    if (!machine.ready()) {
      setStatus(machine.status, "Use your pay table first (or pick a game).");
      return;
    }
    try {
      // The game decides the deck: a joker game deals from 53 cards.
      const data = await api("POST", "/videopoker/deal", { seed: null, paytable: machine.paytable() });
      this.current = { seed: data.seed, deal: data.deal, held: new Set(), joker: machine.table().wild === "joker" };
      machine.strategy.judged(null);
      this.drawCards(this.current.deal, { clickable: true });
      this.verdict.textContent = "Click the cards to hold, then draw.";
      this.verdict.className = "vp-verdict";
      this.advice.replaceChildren();
      this.tutorWarning.replaceChildren();
      this.dealButton.textContent = "Draw";
      machine.showPaytable();
    } catch (error) {
      setStatus(machine.status, error.message);
    }
  }

  /**
   * The tutor: before the draw, is this hold a best one? If not, say what it gives up and which
   * lines of the strategy list the hold and the best hold follow; true when the draw may go on.
   */
  async tutorSaysDraw(current) {
    const { machine } = this;
    const data = await api("POST", "/videopoker/advise", { seed: current.seed, held: heldCards(current),
      paytable: machine.paytable(), coins: machine.coins() });
    if (this.current !== current) return false;   // the hand was put away meanwhile
    if (!data.mistake) return true;
    const { best, hold: mine } = data;
    machine.strategy.judged(data);
    this.tutorWarning.replaceChildren(el("div", { class: "vp-tutor-box", "data-testid": "vp-tutor-warning" },
      el("p", {}, el("strong", {}, "Tutor: "), `holding ${cardsText(mine.held)} gives up `,
        `${data.ev_lost.toFixed(4)} a coin (${data.ev_lost_per_bet.toFixed(4)} for the bet). The best hold is `,
        el("strong", { "data-testid": "vp-tutor-best-hold" }, cardsText(best.held, "nothing (draw five)")),
        el("span", { "data-testid": "vp-tutor-best-positions" }, best.held.length ? ` (${positionsText(best.positions)})` : ""),
        ` (EV ${best.ev.toFixed(4)} a coin).`),
      el("p", { "data-testid": "vp-tutor-lines" },
        "Your hold follows ", el("span", { class: "vp-line-ref yours", "data-testid": "vp-tutor-hold-line" },
          lineText(data.hold_line)),
        "; the best hold follows ", el("span", { class: "vp-line-ref best", "data-testid": "vp-tutor-best-line" },
          lineText(data.best_line)),
        ` and is worth ${data.ev_lost.toFixed(4)} a coin more.`),
      el("p", { class: "hint" }, "Draw anyway, take the best hold, or click the cards to change the hold."),
      el("div", { class: "actions" },
        el("button", { type: "button", "data-testid": "vp-tutor-anyway", onclick: () => this.draw(true) }, "Draw anyway"),
        el("button", { type: "button", class: "primary", "data-testid": "vp-tutor-take-best", onclick: () => {
          current.held = new Set(best.positions);
          this.drawCards(current.deal, { held: current.held, clickable: true });
          this.draw(true);
        } }, "Hold the best and draw"))));
    return false;
  }

  draw(confirmed = false) {
    return this.once(() => this.drawNow(confirmed));
  }

  async drawNow(confirmed) {
    const { machine } = this;
    setStatus(machine.status, "");
    const current = this.current;
    if (!current) return;
    try {
      if (machine.tutor() && !confirmed && !(await this.tutorSaysDraw(current))) return;
      this.tutorWarning.replaceChildren();
      const body = { seed: current.seed, held: heldCards(current), paytable: machine.paytable(), coins: machine.coins() };
      const result = await api("POST", "/videopoker/draw", body);
      this.current = null;
      this.dealButton.textContent = "Deal";
      this.drawCards(result.final, { held: new Set(result.final_kept) });
      this.showResult(result);
      machine.record(result);
    } catch (error) {
      setStatus(machine.status, error.message);
    }
  }

  showResult(result) {
    this.verdict.className = `vp-verdict ${result.payout > 0 ? "won" : "lost"}`;
    this.verdict.textContent = `${result.hand_class_name}: pays ${result.payout}`;
    this.machine.showPaytable(result.row.key);
    const { best, hold } = result;
    const dealt = el("div", { class: "card-row small" }, result.deal.map((card) => el("span", {
      class: `card ${best.held.includes(card) ? "marked" : "dim"}`, html: cardSVG(card) })));
    this.advice.replaceChildren(
      el("p", { "data-testid": "vp-best" }, el("strong", {}, "Best hold: "), cardsText(best.held, "nothing (draw five)"),
        ` (EV ${best.ev.toFixed(4)} a coin)`),
      el("p", { "data-testid": "vp-held" }, el("strong", {}, "You held: "), cardsText(hold.held),
        ` (EV ${hold.ev.toFixed(4)} a coin)`),
      el("p", { class: result.mistake ? "mistake" : "right", "data-testid": "vp-ev-lost" },
        result.mistake
          ? `EV given up: ${result.ev_lost.toFixed(4)} a coin (${result.ev_lost_per_bet.toFixed(4)} for the bet)`
          : "The best hold: no EV given up."),
      el("p", { class: "vp-lines-judged" },
        el("strong", {}, "Strategy list: "), "the best hold follows ",
        el("span", { class: "vp-line-ref best", "data-testid": "vp-best-line" }, lineText(result.best_line)),
        result.mistake ? "; yours follows " : "; yours too",
        result.mistake
          ? el("span", { class: "vp-line-ref yours", "data-testid": "vp-hold-line" }, lineText(result.hold_line))
          : el("span", { "data-testid": "vp-hold-line", hidden: true }, lineText(result.hold_line)),
        "."),
      el("div", {}, el("p", { class: "hint" }, "The deal, the best hold raised:"), dealt));
    this.machine.strategy.judged(result);
  }
}
