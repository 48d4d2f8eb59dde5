// Video poker trainer: deal, click cards to hold, draw; the payout, the best hold and the EV
// given up; the pay table; a session tally kept in this browser.

import { api, el, setStatus } from "../lib/api.js";
import { backSVG, cardSVG } from "../lib/cards.js";
import { cardInfo } from "../lib/deck.js";

const TALLY_KEY = "showdown.videopoker.tally";
const EMPTY_TALLY = { hands: 0, bet: 0, won: 0, mistakes: 0, evLost: 0 };

function loadTally() {
  try { return { ...EMPTY_TALLY, ...JSON.parse(localStorage.getItem(TALLY_KEY) || "{}") }; }
  catch { return { ...EMPTY_TALLY }; }
}

export function mountVideoPoker(root) {
  let tables = [];                 // the pay tables from the server
  let hand = null;                 // {seed, deal, held: Set of positions} while a hand is on
  let tally = loadTally();
  const status = el("p", { class: "status", hidden: true, role: "status" });

  // ---- controls ----------------------------------------------------------------------

  const tableSelect = el("select", { id: "vp-paytable", "data-testid": "vp-paytable",
    onchange: () => { drawCoins(); drawPaytable(); } });
  const coinsSelect = el("select", { id: "vp-coins", "data-testid": "vp-coins", onchange: () => drawPaytable() });
  const dealButton = el("button", { type: "button", class: "primary big", "data-testid": "vp-deal",
    onclick: () => (hand ? draw() : deal()) }, "Deal");
  const cardsRow = el("div", { class: "vp-cards", "data-testid": "vp-cards" });
  const verdict = el("div", { class: "vp-verdict", "data-testid": "vp-verdict", "aria-live": "polite" });
  const advice = el("div", { class: "vp-advice", "data-testid": "vp-advice", "aria-live": "polite" });
  const paytable = el("table", { class: "numbers paytable", "data-testid": "vp-paytable-table" });
  const tallyBox = el("dl", { class: "tally", "data-testid": "vp-tally" });

  function table() { return tables.find((t) => t.name === tableSelect.value) || tables[0]; }
  function coins() { return Number(coinsSelect.value); }

  /** The bets the table takes, 1 to its most coins; a bet chosen before is kept if it fits. */
  function drawCoins() {
    const most = table().max_coins;
    const chosen = coinsSelect.value ? Math.min(coins(), most) : most;
    coinsSelect.replaceChildren(...Array.from({ length: most }, (_, i) =>
      el("option", { value: String(i + 1), selected: i + 1 === chosen }, String(i + 1))));
  }

  /** The pay table, a column per bet (payouts[i] is for i + 1 coins); `hitKey` lights a row. */
  function drawPaytable(hitKey = null) {
    const t = table();
    if (!t) return;
    const n = coins();
    paytable.replaceChildren(
      el("caption", {}, t.title),
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
        t.rows[0].payouts.map((_, i) => el("th", { class: i + 1 === n ? "bet" : "" }, `${i + 1}`)))),
      el("tbody", {}, t.rows.map((row) => el("tr", { class: row.key === hitKey ? "hit" : "", "data-key": row.key },
        el("th", {}, row.label),
        row.payouts.map((pay, i) => el("td", { class: i + 1 === n ? "bet" : "" }, String(pay)))))));
  }

  // ---- the hand ----------------------------------------------------------------------

  /** Five card buttons; `held` positions show HELD; `marked` cards get the best-hold mark. */
  function drawCards(cards, { held = new Set(), clickable = false, marked = null } = {}) {
    cardsRow.replaceChildren(...cards.map((card, index) => {
      const isHeld = held.has(index);
      const button = el("button", {
        type: "button", class: `vp-card ${isHeld ? "held" : ""} ${marked && marked.includes(card) ? "best" : ""}`,
        "data-testid": `vp-card-${index}`, "data-card": card || "",
        "aria-pressed": clickable ? String(isHeld) : null,
        "aria-label": card ? `${cardInfo(card).name}${isHeld ? ", held" : ""}` : "card back",
        disabled: !clickable,
        html: (card ? cardSVG(card, { title: false }) : backSVG()),
        onclick: () => toggle(index),
      }, el("span", { class: "held-label" }, "HELD"));
      return button;
    }));
  }

  function toggle(index) {
    if (!hand) return;
    if (hand.held.has(index)) hand.held.delete(index);
    else hand.held.add(index);
    drawCards(hand.deal, { held: hand.held, clickable: true });
  }

  async function deal() {
    setStatus(status, "");
    try {
      const data = await api("POST", "/videopoker/deal", { seed: null });
      hand = { seed: data.seed, deal: data.deal, held: new Set() };
      drawCards(hand.deal, { clickable: true });
      verdict.textContent = "Click the cards to hold, then draw.";
      verdict.className = "vp-verdict";
      advice.replaceChildren();
      dealButton.textContent = "Draw";
      drawPaytable();
    } catch (error) {
      setStatus(status, error.message);
    }
  }

  async function draw() {
    setStatus(status, "");
    const current = hand;
    const body = { seed: current.seed, held: current.deal.filter((_, i) => current.held.has(i)),
      paytable: table().name, coins: coins() };
    try {
      const result = await api("POST", "/videopoker/draw", body);
      hand = null;
      dealButton.textContent = "Deal";
      drawCards(result.final, { held: new Set(result.final_kept) });
      showResult(result);
      record(result);
    } catch (error) {
      setStatus(status, error.message);
    }
  }

  function showResult(result) {
    verdict.className = `vp-verdict ${result.payout > 0 ? "won" : "lost"}`;
    verdict.textContent = `${result.hand_class_name}: pays ${result.payout}`;
    drawPaytable(result.row.key);
    const { best, hold } = result;
    const dealt = el("div", { class: "card-row small" }, result.deal.map((card) => el("span", {
      class: `card ${best.held.includes(card) ? "marked" : "dim"}`, html: cardSVG(card) })));
    const bestText = best.held.length ? best.held.join(" ") : "nothing (draw five)";
    const yourText = hold.held.length ? hold.held.join(" ") : "nothing";
    advice.replaceChildren(
      el("p", { "data-testid": "vp-best" }, el("strong", {}, "Best hold: "), bestText,
        ` (EV ${best.ev.toFixed(4)} a coin)`),
      el("p", { "data-testid": "vp-held" }, el("strong", {}, "You held: "), yourText,
        ` (EV ${hold.ev.toFixed(4)} a coin)`),
      el("p", { class: result.mistake ? "mistake" : "right", "data-testid": "vp-ev-lost" },
        result.mistake
          ? `EV given up: ${result.ev_lost.toFixed(4)} a coin (${result.ev_lost_per_bet.toFixed(4)} for the bet)`
          : "The best hold: no EV given up."),
      el("div", {}, el("p", { class: "hint" }, "The deal, the best hold raised:"), dealt));
  }

  // ---- the session tally ---------------------------------------------------------------

  function record(result) {
    tally.hands += 1;
    tally.bet += result.hold.coins;
    tally.won += result.payout;
    tally.mistakes += result.mistake ? 1 : 0;
    tally.evLost += result.ev_lost_per_bet;
    localStorage.setItem(TALLY_KEY, JSON.stringify(tally));
    drawTally();
  }

  function drawTally() {
    const net = tally.won - tally.bet;
    const entries = [
      ["Hands", tally.hands], ["Bet", tally.bet], ["Won", tally.won],
      ["Net", net > 0 ? `+${net}` : String(net)],
      ["Return", tally.bet ? `${((100 * tally.won) / tally.bet).toFixed(1)}%` : "\u2013"],
      ["Mistakes", tally.mistakes], ["EV given up", tally.evLost.toFixed(2)],
    ];
    tallyBox.replaceChildren(...entries.flatMap(([term, value]) => [el("dt", {}, term),
      el("dd", { "data-testid": `vp-tally-${term.toLowerCase().replaceAll(" ", "-")}` }, String(value))]));
  }

  function resetTally() {
    tally = { ...EMPTY_TALLY };
    localStorage.removeItem(TALLY_KEY);
    drawTally();
  }

  async function loadTables() {
    try {
      const data = await api("GET", "/videopoker/paytables");
      tables = data.paytables;
      tableSelect.replaceChildren(...tables.map((t) => el("option", { value: t.name }, t.title)));
      drawCoins();
      drawPaytable();
    } catch (error) {
      setStatus(status, error.message);
    }
  }

  // Keyboard: 1 to 5 hold, Enter or Space deals and draws (when the page has the focus).
  function onKey(event) {
    if (root.hidden || event.target.closest("input, select, textarea")) return;
    if (/^[1-5]$/.test(event.key)) toggle(Number(event.key) - 1);
    else if (event.key === "Enter" && !event.target.closest("button")) { event.preventDefault(); dealButton.click(); }
  }
  document.addEventListener("keydown", onKey);

  root.append(
    el("div", { class: "vp-layout" },
      el("div", { class: "panel vp-machine" },
        el("h2", {}, "Video poker"),
        el("div", { class: "options" },
          el("label", { for: "vp-paytable" }, "Game"), tableSelect,
          el("label", { for: "vp-coins" }, "Coins"), coinsSelect),
        cardsRow, verdict,
        el("div", { class: "actions" }, dealButton),
        el("p", { class: "hint" }, "Keys: 1 to 5 hold a card, Enter deals and draws."),
        status, advice),
      el("div", { class: "vp-side" },
        el("div", { class: "panel" }, paytable),
        el("div", { class: "panel" }, el("h3", {}, "Session"), tallyBox,
          el("button", { type: "button", class: "small", onclick: resetTally, "data-testid": "vp-reset" }, "Reset")))));
  drawCards([null, null, null, null, null]);
  drawTally();
  loadTables();
  return { fields: () => [] };
}
