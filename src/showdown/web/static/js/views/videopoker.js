// Video poker: deal, click cards to hold, draw (held cards stay in their places); the payout,
// the best hold and the EV given up, with the lines of the game's strategy list both holds
// follow; a tutor that warns before a costly draw; the strategy list itself (printable as a
// one-page card); the chosen game's exact return, variance and the frequency of each paid
// hand; pay tables of your own, wild cards too (deuces, or the joker of a 53-card deck); a
// session tally with the mistakes by line. The game, coins, tutor, custom table and tally are
// kept in this browser.

import { api, el, percent, setStatus, thousands } from "../lib/api.js";
import { backSVG, cardName, cardSVG } from "../lib/cards.js";
import { submitOnEnter } from "../lib/forms.js";
import { recall, remember } from "../lib/storage.js";

const SETTINGS_KEY = "videopoker";
const TALLY_KEY = "videopoker-tally";
const CUSTOM = "custom";
const WILDS = [["none", "No wild cards"], ["deuces", "Deuces wild (the four 2s)"],
  ["joker", "Joker wild (53 cards)"]];

/** A tally with nothing in it; `byLine`: the mistakes by the best hold's line. */
function emptyTally() {
  return { hands: 0, bet: 0, won: 0, mistakes: 0, evLost: 0, byLine: [] };
}

/** A tally kept by an older page (no `byLine`) or a damaged one reads as far as it can. */
function keptTally(kept) {
  const tally = { ...emptyTally(), ...(kept && typeof kept === "object" ? kept : {}) };
  if (!Array.isArray(tally.byLine)) tally.byLine = [];
  return tally;
}

/** "line 14 (Unsuited KQ, QJ)"; a hold the list has no line for: its words, off the list. */
function lineText(line) {
  return line.number === null ? `no line of the list (${line.words})` : `line ${line.number} (${line.words})`;
}

/** How often a line is played, as a percent of all deals: more digits for the rare lines. */
function frequencyText(fraction) {
  const value = 100 * fraction;
  return `${value.toFixed(value >= 1 ? 1 : value >= 0.01 ? 2 : 4)}%`;
}

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
  let strategyAsked = 0;           // the latest strategy list request; older answers are dropped
  let strategyKey = null;          // what the list shown (or on its way) is for: table and coins
  let strategyOnItsWay = null;     // the request on its way (one at a time)
  let strategyLines = null;        // the lines shown, or null while none are
  let lit = null;                  // {best, hold}: the lines of the latest judged hand, lit in the list
  let tally = keptTally(recall(TALLY_KEY, {}));
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
  const tallyLines = el("div", { class: "vp-tally-lines" });

  // The strategy list of the game and bet: the cost of playing by it, its lines in order.
  const strategyTitle = el("h3", { "data-testid": "vp-strategy-title" }, "Strategy list");
  const strategyStatus = el("p", { class: "hint", "data-testid": "vp-strategy-status", role: "status" });
  const strategyCost = el("p", { class: "vp-strategy-cost", "data-testid": "vp-strategy-cost", hidden: true });
  const strategyList = el("ol", { class: "vp-lines", "data-testid": "vp-strategy-lines" });
  const printButton = el("button", { type: "button", class: "small", "data-testid": "vp-strategy-print",
    disabled: true, onclick: () => window.print() }, "Print the list");
  const strategyPanel = el("div", { class: "panel vp-strategy", "data-testid": "vp-strategy" },
    el("div", { class: "vp-strategy-head" }, strategyTitle, printButton),
    strategyStatus, strategyCost,
    el("p", { class: "hint vp-strategy-hint" }, "Hold by the first line the deal fits. How often: the share of all "
      + "deals played by the line."),
    strategyList);

  // The custom pay table: start from a named table, change what each hand pays a coin.
  const baseSelect = el("select", { id: "vp-custom-base", "data-testid": "vp-custom-base", onchange: () => {
    const base = namedTable(baseSelect.value);
    wildSelect.value = base.wild;   // a wild game's base brings its wild cards
    drawCustomRows(base.pays);
  } });
  // Other wild cards: the hands of that game, paid as its first named game pays them, except
  // for the pays typed here already.
  const wildSelect = el("select", { id: "vp-custom-wild", "data-testid": "vp-custom-wild", onchange: () => {
    const typed = Object.fromEntries([...customRows.querySelectorAll("input[data-edited]")]
      .map((input) => [input.dataset.key, input.value]));
    drawCustomRows({ ...customTemplate().pays, ...typed }, new Set(Object.keys(typed)));
  } }, WILDS.map(([value, label]) => el("option", { value }, label)));
  const customRows = el("div", { class: "vp-custom-rows" });
  const customStatus = el("p", { class: "status", hidden: true, role: "status", "data-testid": "vp-custom-status" });
  const customPanel = el("div", { class: "panel vp-custom", "data-testid": "vp-custom", hidden: true },
    el("h3", {}, "Your pay table"),
    el("p", { class: "hint" }, "What each hand pays for one coin. Start from a game, change the numbers, then use it."),
    el("div", { class: "options" }, el("label", { for: "vp-custom-base" }, "Start from"), baseSelect,
      el("label", { for: "vp-custom-wild" }, "Wild cards"), wildSelect),
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
  function asked() {
    return isCustom() && custom ? { name: CUSTOM, pays: custom.pays, wild: custom.wild } : table().name;
  }
  function coins() { return Number(coinsSelect.value); }
  function ready() { return !isCustom() || Boolean(custom && custom.table); }

  function keep() {
    remember(SETTINGS_KEY, { paytable: tableSelect.value, coins: coins(), tutor: tutorBox.checked,
      custom: custom && { base: custom.base, wild: custom.wild, pays: custom.pays } });
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

  /** The game or the bet changed: the pay table, the analysis, the strategy list, the choice kept. */
  function changedGame() {
    drawCoins();
    drawPaytable();
    tutorWarning.replaceChildren();
    if (hand && hand.joker !== (table().wild === "joker")) endHand("The game deals from another deck: deal again.");
    keep();
    analyze();
    loadStrategy();
  }

  /** Put the hand away (its deal is not one of this game's deck). */
  function endHand(message) {
    hand = null;
    dealButton.textContent = "Deal";
    drawCards([null, null, null, null, null]);
    verdict.textContent = message;
    verdict.className = "vp-verdict";
    advice.replaceChildren();
  }

  // ---- the custom pay table -------------------------------------------------------------

  function startCustom(base, pays = null, wild = null) {
    baseSelect.value = base;
    const named = namedTable(base);
    wildSelect.value = WILDS.some(([value]) => value === wild) ? wild : named.wild;
    custom = { base, wild: wildSelect.value, pays: pays || { ...named.pays }, table: null };
    drawCustomRows(custom.pays);
  }

  /** The hands a game with the chosen wild cards pays: the base table's when it has those wild
   * cards, else those of the first named game that has them. */
  function customTemplate() {
    const base = namedTable(baseSelect.value);
    if (base.wild === wildSelect.value) return base;
    return tables.find((t) => t.wild === wildSelect.value) || base;
  }

  /** A row per hand of the game, showing `pays` (`typed`: the keys typed here, kept when the
   * wild cards change). */
  function drawCustomRows(pays, typed = new Set()) {
    const template = customTemplate();
    customRows.replaceChildren(...template.rows.filter((row) => row.key in pays || row.pay).map((row) => el("label", {},
      el("span", {}, row.label),
      el("input", { type: "text", inputmode: "numeric", "data-key": row.key, "data-edited": typed.has(row.key),
        "data-testid": `vp-custom-pay-${row.key}`, value: String(row.key in pays ? pays[row.key] : row.pay),
        oninput: (event) => { event.target.dataset.edited = "true"; } }))));
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
    custom = { base: baseSelect.value, wild: wildSelect.value, pays, table: null };
    setStatus(customStatus, "");
    keep();
    loadStrategy();   // the list of the table before is not this one's
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
        loadStrategy();   // the server has read the table: its list can be derived
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

  // ---- the strategy list ----------------------------------------------------------------

  /** Load the list of the game and bet shown, unless it is the one shown or on its way.
   * One request at a time: deriving a list takes seconds of the server's heavy workers, so a
   * request waits for the one before it, and only the latest game is then asked for. */
  async function loadStrategy() {
    if (isCustom() && !ready()) {
      strategyAsked += 1;   // an answer for an earlier table is dropped
      strategyKey = null;
      showNoStrategy("Your pay table's list comes once the server has read the table (Use this table).");
      return;
    }
    const body = { paytable: asked(), coins: coins() };
    const key = JSON.stringify(body);
    if (key === strategyKey) return;
    strategyKey = key;
    const asking = ++strategyAsked;
    const t = table();
    lit = null;
    showNoStrategy("Deriving the list: every deal's holds, exactly (a few seconds the first time)...");
    strategyTitle.textContent = `${t.title}, ${body.coins} coin${body.coins > 1 ? "s" : ""}: strategy`;
    strategyPanel.setAttribute("aria-busy", "true");
    // A moment's grace: going through the games with the keyboard asks only for the one chosen.
    await new Promise((resolve) => { setTimeout(resolve, 250); });
    if (asking !== strategyAsked) return;
    for (let attempt = 1; ; attempt += 1) {
      while (strategyOnItsWay) {
        await strategyOnItsWay.catch(() => null);
        if (asking !== strategyAsked) return;
      }
      strategyOnItsWay = api("POST", "/videopoker/strategy", body);
      try {
        const data = await strategyOnItsWay;
        if (asking !== strategyAsked) return;
        drawStrategy(data);
      } catch (error) {
        if (asking !== strategyAsked) return;
        if (error.status === 503 && attempt < 5) {   // busy: ask again in a moment
          await new Promise((resolve) => { setTimeout(resolve, 2000); });
          if (asking !== strategyAsked) return;
          continue;
        }
        strategyKey = null;   // choosing the game again asks again
        showNoStrategy(error.message, "error");
      } finally {
        strategyOnItsWay = null;
        if (asking === strategyAsked) strategyPanel.removeAttribute("aria-busy");
      }
      return;
    }
  }

  function showNoStrategy(message, kind = "working") {
    strategyLines = null;
    strategyStatus.textContent = message;
    strategyStatus.className = kind === "error" ? "status error" : "hint";
    strategyStatus.hidden = false;
    strategyStatus.dataset.kind = kind;
    strategyCost.hidden = true;
    strategyList.replaceChildren();
    printButton.disabled = true;
  }

  function drawStrategy(data) {
    const n = data.coins;
    strategyTitle.textContent = `${data.paytable.title}, ${n} coin${n > 1 ? "s" : ""}: strategy`;
    strategyStatus.hidden = true;
    strategyStatus.textContent = "";
    strategyCost.hidden = false;
    strategyCost.textContent = `${data.lines.length} lines; playing by the list returns `
      + `${percent(data.expected_return, 4)}, perfect play ${percent(data.perfect_return, 4)}, `
      + `cost ${(100 * data.cost).toFixed(4)} points`;
    strategyLines = data.lines;
    strategyList.replaceChildren(...data.lines.map((line) => el("li", { "data-line": String(line.number) },
      el("span", { class: "vp-line-number" }, String(line.number)),
      el("span", { class: "vp-line-words" }, line.words),
      el("span", { class: "vp-line-frequency", title: "How often: the share of all deals played by this line" },
        frequencyText(line.frequency)))));
    printButton.disabled = false;
    lightLines();
  }

  /** Light the best hold's line in the list, and the player's when it is another one. */
  function lightLines() {
    for (const item of strategyList.children) item.classList.remove("best", "yours");
    if (!lit) return;
    const item = (line) => (line && line.number !== null
      ? strategyList.querySelector(`li[data-line="${line.number}"]`) : null);
    const best = item(lit.best);
    const yours = lit.hold && lit.hold.number !== lit.best.number ? item(lit.hold) : null;
    if (yours) yours.classList.add("yours");
    if (best) {
      best.classList.add("best");
      // The list scrolls on its own (not the page) to show the line (the list is its offset parent).
      const top = best.offsetTop;
      if (top < strategyList.scrollTop || top + best.offsetHeight > strategyList.scrollTop + strategyList.clientHeight) {
        strategyList.scrollTop = Math.max(0, top - strategyList.clientHeight / 3);
      }
    }
  }

  /** The lines of a judged hand (advice before the draw, or a drawn hand). */
  function judged(data) {
    lit = { best: data.best_line, hold: data.mistake ? data.hold_line : null };
    lightLines();
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
        "aria-label": card ? `${cardName(card)}${isHeld ? ", held" : ""}` : "card back",
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
      // The game decides the deck: a joker game deals from 53 cards.
      const data = await api("POST", "/videopoker/deal", { seed: null, paytable: asked() });
      hand = { seed: data.seed, deal: data.deal, held: new Set(), joker: table().wild === "joker" };
      lit = null;
      lightLines();
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

  /** The held cards of a hand as the API takes them. */
  function heldCards(current) {
    return current.deal.filter((_, i) => current.held.has(i));
  }

  /** The tutor: before the draw, is this hold a best one? If not, say what it gives up and
   * which lines of the strategy list the hold and the best hold follow. */
  async function tutorSaysDraw(current) {
    const data = await api("POST", "/videopoker/advise", { seed: current.seed, held: heldCards(current),
      paytable: asked(), coins: coins() });
    if (hand !== current) return false;   // the hand was put away meanwhile
    if (!data.mistake) return true;
    const { best, hold: mine } = data;
    judged(data);
    tutorWarning.replaceChildren(el("div", { class: "vp-tutor-box", "data-testid": "vp-tutor-warning" },
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
      const body = { seed: current.seed, held: heldCards(current), paytable: asked(), coins: coins() };
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
      el("p", { class: "vp-lines-judged" },
        el("strong", {}, "Strategy list: "), "the best hold follows ",
        el("span", { class: "vp-line-ref best", "data-testid": "vp-best-line" }, lineText(result.best_line)),
        result.mistake ? "; yours follows " : "; yours too",
        result.mistake
          ? el("span", { class: "vp-line-ref yours", "data-testid": "vp-hold-line" }, lineText(result.hold_line))
          : el("span", { "data-testid": "vp-hold-line", hidden: true }, lineText(result.hold_line)),
        "."),
      el("div", {}, el("p", { class: "hint" }, "The deal, the best hold raised:"), dealt));
    judged(result);
  }

  // ---- the session tally ---------------------------------------------------------------

  function record(result) {
    tally.hands += 1;
    tally.bet += result.hold.coins;
    tally.won += result.payout;
    tally.mistakes += result.mistake ? 1 : 0;
    tally.evLost += result.ev_lost_per_bet;
    if (result.mistake) {
      // By the line the best hold followed, in the game it was played in (lists differ by game).
      const game = table().title;
      const { number, words } = result.best_line;
      let entry = tally.byLine.find((e) => e.game === game && e.number === number && e.words === words);
      if (!entry) {
        entry = { game, number, words, mistakes: 0, evLost: 0 };
        tally.byLine.push(entry);
      }
      entry.mistakes += 1;
      entry.evLost += result.ev_lost_per_bet;
    }
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
    drawTallyLines();
  }

  /** The mistakes by the best hold's line: most EV given up first. */
  function drawTallyLines() {
    const rows = [...tally.byLine].sort((a, b) => b.evLost - a.evLost || b.mistakes - a.mistakes
      || a.words.localeCompare(b.words));
    if (!rows.length) {
      tallyLines.replaceChildren();
      return;
    }
    const games = new Set(rows.map((row) => row.game));
    tallyLines.replaceChildren(el("table", { class: "numbers vp-tally-table", "data-testid": "vp-tally-lines" },
      el("caption", {}, "Mistakes by the best hold's line"),
      el("thead", {}, el("tr", {}, el("th", {}, "Line"), el("th", {}, "Mistakes"), el("th", {}, "EV given up"))),
      el("tbody", {}, rows.map((row) => el("tr", { "data-line": row.number === null ? "" : String(row.number) },
        el("th", {}, el("span", { class: "vp-tally-words" }, row.words),
          el("span", { class: "vp-tally-where" }, [row.number === null ? "not on the list" : `line ${row.number}`,
            games.size > 1 ? `, ${row.game}` : ""].join(""))),
        el("td", {}, String(row.mistakes)), el("td", {}, row.evLost.toFixed(2)))))));
  }

  function resetTally() {
    tally = emptyTally();
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
        startCustom(saved.custom.base, saved.custom.pays, saved.custom.wild);
      }
      customPanel.hidden = !isCustom();
      if (isCustom() && !custom) startCustom(tables[0].name);
      drawCoins(saved.coins || null);
      drawPaytable();
      analyze();
      loadStrategy();
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
        strategyPanel,
        el("div", { class: "panel" }, el("h3", {}, "Session"), tallyBox, tallyLines,
          el("button", { type: "button", class: "small", onclick: resetTally, "data-testid": "vp-reset" }, "Reset")))));
  drawCards([null, null, null, null, null]);
  drawTally();
  loadTables();
  return { fields: () => [] };
}
