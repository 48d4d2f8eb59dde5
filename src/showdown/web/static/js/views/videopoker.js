// Video poker: deal, click cards to hold, draw (held cards stay in their places); the payout,
// the best hold and the EV given up; a tutor that warns before a costly draw; the chosen game's
// exact return, variance and the frequency of each paid hand; pay tables of your own; a
// session tally. The game, coins, tutor and custom table are kept in this browser.

import { api, el, percent, setStatus, thousands } from "../lib/api.js";
import { backSVG, cardSVG } from "../lib/cards.js";
import { cardInfo } from "../lib/deck.js";
import { submitOnEnter } from "../lib/forms.js";
import { recall, remember } from "../lib/storage.js";

const SETTINGS_KEY = "videopoker";
const TALLY_KEY = "videopoker-tally";
const CUSTOM = "custom";
const EMPTY_TALLY = { hands: 0, bet: 0, won: 0, mistakes: 0, evLost: 0 };

/** "Jd Js" for cards, "nothing" when none. */
function cardsText(cards, none = "nothing") {
  return cards.length ? cards.join(" ") : none;
}

/** "cards 1 and 3": positions counted from 1, as the keys, the API and `showdown vp` count them. */
function positionsText(positions) {
  if (!positions.length) return "no card";
  if (positions.length === 1) return `card ${positions[0]}`;
  return `cards ${positions.slice(0, -1).join(", ")} and ${positions[positions.length - 1]}`;
}

export function mountVideoPoker(root) {
  let tables = [];                 // the named pay tables from the server
  let custom = null;               // {base, pays, table}: the custom table (table: as the server read it)
  let hand = null;                 // {seed, deal, held: Set of indices 0..4} while a hand is on
  let analysisAsked = 0;           // the latest analysis request; older answers are dropped
  let tally = { ...EMPTY_TALLY, ...recall(TALLY_KEY, {}) };
  const saved = recall(SETTINGS_KEY, {});
  const status = el("p", { class: "status", hidden: true, role: "status" });

  // ---- controls ----------------------------------------------------------------------

  const tableSelect = el("select", { id: "vp-paytable", "data-testid": "vp-paytable", onchange: changedTable });
  const coinsSelect = el("select", { id: "vp-coins", "data-testid": "vp-coins", onchange: changedGame });
  const tutorBox = el("input", { type: "checkbox", id: "vp-tutor", "data-testid": "vp-tutor",
    onchange: () => { keep(); tutorWarning.replaceChildren(); } });
  const dealButton = el("button", { type: "button", class: "primary big", "data-testid": "vp-deal",
    onclick: () => (hand ? draw() : deal()) }, "Deal");
  const cardsRow = el("div", { class: "vp-cards", "data-testid": "vp-cards" });
  const verdict = el("div", { class: "vp-verdict", "data-testid": "vp-verdict", "aria-live": "polite" });
  const tutorWarning = el("div", { class: "vp-tutor", "aria-live": "polite" });
  const advice = el("div", { class: "vp-advice", "data-testid": "vp-advice", "aria-live": "polite" });
  const paytable = el("table", { class: "numbers paytable", "data-testid": "vp-paytable-table" });
  const analysisBox = el("div", { class: "vp-analysis", "data-testid": "vp-analysis", "aria-live": "polite" });
  const tallyBox = el("dl", { class: "tally", "data-testid": "vp-tally" });

  // The custom pay table: start from a named table, change what each hand pays a coin.
  const baseSelect = el("select", { id: "vp-custom-base", "data-testid": "vp-custom-base",
    onchange: () => drawCustomRows(namedTable(baseSelect.value).pays) });
  const customRows = el("div", { class: "vp-custom-rows" });
  const customStatus = el("p", { class: "status", hidden: true, role: "status", "data-testid": "vp-custom-status" });
  const customPanel = el("div", { class: "panel vp-custom", "data-testid": "vp-custom", hidden: true },
    el("h3", {}, "Your pay table"),
    el("p", { class: "hint" }, "What each hand pays for one coin. Start from a game, change the numbers, then use it."),
    el("div", { class: "options" }, el("label", { for: "vp-custom-base" }, "Start from"), baseSelect),
    customRows, customStatus,
    el("div", { class: "actions" },
      el("button", { type: "button", class: "primary", "data-testid": "vp-custom-use", onclick: useCustom },
        "Use this table")));
  submitOnEnter(customPanel, useCustom);

  function namedTable(name) { return tables.find((t) => t.name === name) || tables[0]; }
  function isCustom() { return tableSelect.value === CUSTOM; }
  /** The table shown and played: a named one, or the custom one once the server has read it. */
  function table() { return isCustom() ? (custom && custom.table) || namedTable(baseSelect.value) : namedTable(tableSelect.value); }
  /** The pay table as the API takes it: a name, or the custom pays. */
  function asked() { return isCustom() && custom ? { name: CUSTOM, pays: custom.pays } : table().name; }
  function coins() { return Number(coinsSelect.value); }
  function ready() { return !isCustom() || Boolean(custom && custom.table); }

  function keep() {
    remember(SETTINGS_KEY, { paytable: tableSelect.value, coins: coins(), tutor: tutorBox.checked,
      custom: custom && { base: custom.base, pays: custom.pays } });
  }

  /** The bets the table takes, 1 to its most coins; a bet chosen before is kept if it fits. */
  function drawCoins(wanted = null) {
    const most = table().max_coins;
    const before = wanted || (coinsSelect.value ? coins() : most);
    const chosen = Math.min(before, most);
    coinsSelect.replaceChildren(...Array.from({ length: most }, (_, i) =>
      el("option", { value: String(i + 1), selected: i + 1 === chosen }, String(i + 1))));
  }

  /** The pay table, a column per bet (payouts[i] is for i + 1 coins); `hitKey` lights a row. */
  function drawPaytable(hitKey = null) {
    const t = table();
    if (!t) return;
    const n = coins();
    // The widest payout's digits: a pay table of your own can have much wider numbers (see style.css).
    const digits = Math.max(...t.rows.flatMap((row) => row.payouts.map((pay) => String(pay).length)));
    paytable.dataset.digits = String(Math.min(digits, 7));
    paytable.replaceChildren(
      el("caption", {}, isCustom() && !ready() ? `${t.title} (editing)` : t.title),
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
        t.rows[0].payouts.map((_, i) => el("th", { class: i + 1 === n ? "bet" : "" }, `${i + 1}`)))),
      el("tbody", {}, t.rows.map((row) => el("tr", { class: row.key === hitKey ? "hit" : "", "data-key": row.key },
        el("th", {}, row.label),
        row.payouts.map((pay, i) => el("td", { class: i + 1 === n ? "bet" : "" }, String(pay)))))));
  }

  function changedTable() {
    customPanel.hidden = !isCustom();
    if (isCustom() && !custom) startCustom(namedTable(baseSelect.value || tables[0].name).name);
    changedGame();
  }

  /** The game or the bet changed: the pay table, the analysis, the choice kept. */
  function changedGame() {
    drawCoins();
    drawPaytable();
    tutorWarning.replaceChildren();
    keep();
    analyze();
  }

  // ---- the custom pay table -------------------------------------------------------------

  function startCustom(base, pays = null) {
    baseSelect.value = base;
    custom = { base, pays: pays || { ...namedTable(base).pays }, table: null };
    drawCustomRows(custom.pays);
  }

  function drawCustomRows(pays) {
    const base = namedTable(baseSelect.value);
    customRows.replaceChildren(...base.rows.filter((row) => row.key in pays || row.pay).map((row) => el("label", {},
      el("span", {}, row.label),
      el("input", { type: "text", inputmode: "numeric", "data-key": row.key,
        "data-testid": `vp-custom-pay-${row.key}`, value: String(row.key in pays ? pays[row.key] : row.pay) }))));
  }

  /** Read the editor, let the server check the table (the library's words on a bad value). */
  async function useCustom() {
    const pays = {};
    for (const input of customRows.querySelectorAll("input")) {
      const text = input.value.trim();
      const label = input.previousElementSibling.textContent;
      if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {   // the library checks the range
        setStatus(customStatus, `${label}: the pay must be a whole number of coins, got ${JSON.stringify(text)}`);
        input.focus();
        return;
      }
      pays[input.dataset.key] = Number(text);
    }
    custom = { base: baseSelect.value, pays, table: null };
    setStatus(customStatus, "");
    keep();
    const answer = await analyze();
    if (answer) setStatus(customStatus, `In use: ${percent(answer.expected_return, 4)} with perfect play.`, "info");
  }

  // ---- the whole game: return, variance, how often each paid hand comes --------------------

  async function analyze() {
    const asking = ++analysisAsked;
    // The page stays usable meanwhile; while the engine is prepared (the banner says so) it waits for it.
    const engine = document.querySelector("[data-testid=engine-status]:not([hidden])");
    analysisBox.replaceChildren(el("p", { class: "hint", "data-testid": "vp-analysis-working" }, engine
      ? "Waiting for the engine, then working out the game's return..."
      : "Working out the game's return: every deal, every draw..."));
    if (isCustom() && !custom) return null;
    try {
      const data = await api("POST", "/videopoker/analyze", { paytable: asked(), coins: coins() });
      if (asking !== analysisAsked) return null;
      if (isCustom()) {
        custom.table = data.paytable;
        drawCoins();
        drawPaytable();
      }
      drawAnalysis(data);
      return data;
    } catch (error) {
      if (asking !== analysisAsked) return null;
      analysisBox.replaceChildren();
      if (isCustom()) {
        custom.table = null;
        setStatus(customStatus, error.message);
        drawPaytable();
      } else {
        setStatus(status, error.message);
      }
      return null;
    }
  }

  function drawAnalysis(data) {
    const paid = data.rows.filter((row) => row.pay > 0);
    analysisBox.replaceChildren(
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
      el("p", { class: "hint" }, `Exact, over all ${thousands(data.deals)} deals and every draw.`));
  }

  // ---- the hand ----------------------------------------------------------------------

  /** Five card buttons, numbered 1 to 5 below (the keys that hold them); `held` indices show HELD. */
  function drawCards(cards, { held = new Set(), clickable = false } = {}) {
    cardsRow.replaceChildren(...cards.map((card, index) => {
      const isHeld = held.has(index);
      return el("button", {
        type: "button", class: `vp-card ${isHeld ? "held" : ""}`,
        "data-testid": `vp-card-${index}`, "data-card": card || "",
        "aria-pressed": clickable ? String(isHeld) : null,
        "aria-label": card ? `${cardInfo(card).name}${isHeld ? ", held" : ""}` : "card back",
        disabled: !clickable,
        html: (card ? cardSVG(card, { title: false }) : backSVG()),
        onclick: () => toggle(index),
      }, el("span", { class: "position-label", "aria-hidden": "true" }, String(index + 1)),
      el("span", { class: "held-label" }, "HELD"));
    }));
  }

  function toggle(index) {
    if (!hand) return;
    if (hand.held.has(index)) hand.held.delete(index);
    else hand.held.add(index);
    tutorWarning.replaceChildren();
    drawCards(hand.deal, { held: hand.held, clickable: true });
  }

  async function deal() {
    setStatus(status, "");
    if (!ready()) {
      setStatus(status, "Use your pay table first (or pick a game).");
      return;
    }
    try {
      const data = await api("POST", "/videopoker/deal", { seed: null });
      hand = { seed: data.seed, deal: data.deal, held: new Set() };
      drawCards(hand.deal, { clickable: true });
      verdict.textContent = "Click the cards to hold, then draw.";
      verdict.className = "vp-verdict";
      advice.replaceChildren();
      tutorWarning.replaceChildren();
      dealButton.textContent = "Draw";
      drawPaytable();
    } catch (error) {
      setStatus(status, error.message);
    }
  }

  /** The tutor: before the draw, is this hold the best one? If not, say what it gives up. */
  async function tutorSaysDraw(current) {
    const positions = [...current.held].sort().map((i) => i + 1);
    const data = await api("POST", "/videopoker/holds", { deal: current.deal.join(" "), paytable: asked(),
      coins: coins() });
    const best = data.holds[0];
    const mine = data.holds.find((h) => h.positions.join() === positions.join());
    if (mine.rank === 1) return true;
    const lost = best.ev - mine.ev;
    tutorWarning.replaceChildren(el("div", { class: "vp-tutor-box", "data-testid": "vp-tutor-warning" },
      el("p", {}, el("strong", {}, "Tutor: "), `holding ${cardsText(mine.held)} gives up `,
        `${lost.toFixed(4)} a coin (${(lost * coins()).toFixed(4)} for the bet). The best hold is `,
        el("strong", { "data-testid": "vp-tutor-best-hold" }, cardsText(best.held, "nothing (draw five)")),
        el("span", { "data-testid": "vp-tutor-best-positions" }, best.held.length ? ` (${positionsText(best.positions)})` : ""),
        ` (EV ${best.ev.toFixed(4)} a coin).`),
      el("div", { class: "actions" },
        el("button", { type: "button", "data-testid": "vp-tutor-anyway", onclick: () => draw(true) }, "Draw anyway"),
        el("button", { type: "button", class: "primary", "data-testid": "vp-tutor-take-best", onclick: () => {
          current.held = new Set(best.positions.map((p) => p - 1));
          drawCards(current.deal, { held: current.held, clickable: true });
          draw(true);
        } }, "Hold the best and draw"))));
    return false;
  }

  async function draw(confirmed = false) {
    setStatus(status, "");
    const current = hand;
    if (!current) return;
    try {
      if (tutorBox.checked && !confirmed && !(await tutorSaysDraw(current))) return;
      tutorWarning.replaceChildren();
      const body = { seed: current.seed, held: current.deal.filter((_, i) => current.held.has(i)),
        paytable: asked(), coins: coins() };
      const result = await api("POST", "/videopoker/draw", body);
      hand = null;
      dealButton.textContent = "Deal";
      drawCards(result.final, { held: new Set(result.final_kept.map((p) => p - 1)) });
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
    advice.replaceChildren(
      el("p", { "data-testid": "vp-best" }, el("strong", {}, "Best hold: "), cardsText(best.held, "nothing (draw five)"),
        ` (EV ${best.ev.toFixed(4)} a coin)`),
      el("p", { "data-testid": "vp-held" }, el("strong", {}, "You held: "), cardsText(hold.held),
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
    remember(TALLY_KEY, tally);
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
    remember(TALLY_KEY, tally);
    drawTally();
  }

  async function loadTables() {
    try {
      const data = await api("GET", "/videopoker/paytables");
      tables = data.paytables;
      tableSelect.replaceChildren(...tables.map((t) => el("option", { value: t.name }, t.title)),
        el("option", { value: CUSTOM }, "Your own pay table..."));
      baseSelect.replaceChildren(...tables.map((t) => el("option", { value: t.name }, t.title)));
      // What was chosen last time, when it still exists.
      const names = new Set([...tables.map((t) => t.name), CUSTOM]);
      tableSelect.value = names.has(saved.paytable) ? saved.paytable : tables[0].name;
      tutorBox.checked = Boolean(saved.tutor);
      if (saved.custom && tables.some((t) => t.name === saved.custom.base)) {
        startCustom(saved.custom.base, saved.custom.pays);
      }
      customPanel.hidden = !isCustom();
      if (isCustom() && !custom) startCustom(tables[0].name);
      drawCoins(saved.coins || null);
      drawPaytable();
      analyze();
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
      el("div", { class: "vp-main" },
        el("div", { class: "panel vp-machine" },
          el("h2", {}, "Video poker"),
          el("div", { class: "options" },
            el("label", { for: "vp-paytable" }, "Game"), tableSelect,
            el("label", { for: "vp-coins" }, "Coins"), coinsSelect,
            el("label", { class: "check", for: "vp-tutor" }, tutorBox, " Tutor: warn before a draw that gives up EV")),
          cardsRow, verdict, tutorWarning,
          el("div", { class: "actions" }, dealButton),
          el("p", { class: "hint" }, "Keys: 1 to 5 hold a card, Enter deals and draws."),
          status, advice),
        customPanel,
        el("div", { class: "panel" }, el("h3", {}, "The game"), analysisBox)),
      el("div", { class: "vp-side" },
        el("div", { class: "panel" }, paytable),
        el("div", { class: "panel" }, el("h3", {}, "Session"), tallyBox,
          el("button", { type: "button", class: "small", onclick: resetTally, "data-testid": "vp-reset" }, "Reset")))));
  drawCards([null, null, null, null, null]);
  drawTally();
  loadTables();
  return { fields: () => [] };
}
