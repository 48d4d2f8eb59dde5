// Video poker: the machine (videopoker/hand.js: deal, hold, draw, the tutor), the strategy list
// of the game and bet (videopoker/strategy.js), the chosen game's exact return, variance and the
// frequency of each paid hand (videopoker/analysis.js), pay tables of your own, wild cards too:
// deuces, or the joker of a 53-card deck (videopoker/editor.js), and a session tally with the
// mistakes by line (videopoker/tally.js). The game, coins, tutor, custom table and tally are kept
// in this browser (videopoker/state.js).

import { api, el, percent, setStatus } from "../lib/api.js";
import { recall, remember } from "../lib/storage.js";
import { analysisResults, analysisWorking } from "./videopoker/analysis.js";
import { CustomEditor } from "./videopoker/editor.js";
import { Hand } from "./videopoker/hand.js";
import { fillPaytable } from "./videopoker/paytable.js";
import {
  CUSTOM, SETTINGS_KEY, TALLY_KEY, emptyTally, keptTally, namedTable, settingsShape, tallyHand,
} from "./videopoker/state.js";
import { StrategyList } from "./videopoker/strategy.js";
import { TallyPanel } from "./videopoker/tally.js";

export function mountVideoPoker(root) {
  let tables = [];                 // the named pay tables from the server
  let custom = null;               // {base, wild, pays, table}: the custom table (table: as the server read it)
  let analysisAsked = 0;           // the latest analysis request; older answers are dropped
  let analysisController = null;   // withdraws the analysis of a game no longer chosen
  let tally = keptTally(recall(TALLY_KEY, {}));
  const saved = recall(SETTINGS_KEY, {});
  const status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "vp-status" });
  const tableSelect = el("select", { id: "vp-paytable", "data-testid": "vp-paytable", onchange: changedTable });
  const coinsSelect = el("select", { id: "vp-coins", "data-testid": "vp-coins", onchange: changedGame });
  const tutorBox = el("input", { type: "checkbox", id: "vp-tutor", "data-testid": "vp-tutor",
    onchange: () => { keep(); hand.tutorWarning.replaceChildren(); } });
  const paytable = el("table", { class: "numbers paytable", "data-testid": "vp-paytable-table" });
  const analysisBox = el("div", { class: "vp-analysis", "data-testid": "vp-analysis", "aria-live": "polite" });
  const strategy = new StrategyList();
  const tallyPanel = new TallyPanel();
  const editor = new CustomEditor({ use: () => useCustom() });
  const hand = new Hand({ paytable: asked, coins, table, ready, tutor: () => tutorBox.checked, status, strategy,
    showPaytable: drawPaytable, record });

  function isCustom() { return tableSelect.value === CUSTOM; }
  /** The table shown and played: a named one, or the custom one once the server has read it. */
  function table() {
    return isCustom() ? (custom && custom.table) || namedTable(tables, editor.base) : namedTable(tables, tableSelect.value);
  }
  /** The pay table as the API takes it: a name, or the custom pays. */
  function asked() {
    return isCustom() && custom ? { name: CUSTOM, pays: custom.pays, wild: custom.wild } : table().name;
  }
  function coins() { return Number(coinsSelect.value); }
  function ready() { return !isCustom() || Boolean(custom && custom.table); }

  function keep() {
    remember(SETTINGS_KEY, settingsShape({ paytable: tableSelect.value, coins: coins(), tutor: tutorBox.checked, custom }));
  }

  /** The bets the table takes, 1 to its most coins; a bet chosen before is kept if it fits. */
  function drawCoins(wanted = null) {
    const most = table().max_coins;
    const before = wanted || (coinsSelect.value ? coins() : most);
    const chosen = Math.min(before, most);
    coinsSelect.replaceChildren(...Array.from({ length: most }, (_, i) =>
      el("option", { value: String(i + 1), selected: i + 1 === chosen }, String(i + 1))));
  }

  /** The pay table shown, with the row `hitKey` lit. */
  function drawPaytable(hitKey = null) {
    const t = table();
    if (!t) return;
    fillPaytable(paytable, t, { coins: coins(), caption: isCustom() && !ready() ? `${t.title} (editing)` : t.title,
      hitKey });
  }

  function changedTable() {
    editor.element.hidden = !isCustom();
    if (isCustom() && !custom) custom = editor.start(namedTable(tables, editor.base).name);
    changedGame();
  }

  /** The game or the bet changed: the pay table, the analysis, the strategy list, the choice kept. */
  function changedGame() {
    drawCoins();
    drawPaytable();
    hand.tutorWarning.replaceChildren();
    if (!hand.dealtFrom(table().wild === "joker")) hand.end("The game deals from another deck: deal again.");
    keep();
    analyze();
    loadStrategy();
  }

  /** Read the editor, let the server check the table (the library's words on a bad value). */
  async function useCustom() {
    const typed = editor.read();
    if (!typed) return;
    custom = typed;
    setStatus(editor.status, "");
    keep();
    loadStrategy();   // the list of the table before is not this one's
    const answer = await analyze();
    if (answer) setStatus(editor.status, `In use: ${percent(answer.expected_return, 4)} with perfect play.`, "info");
  }

  /** The whole game: return, variance, how often each paid hand comes. */
  async function analyze() {
    const asking = ++analysisAsked;
    if (analysisController) analysisController.abort();   // the game before: the server stops its analysis
    analysisController = new AbortController();
    const { signal } = analysisController;
    // The page stays usable meanwhile; while the engine is prepared (the banner says so) it waits for it.
    const engine = document.querySelector("[data-testid=engine-status]:not([hidden])");
    analysisBox.replaceChildren(analysisWorking(Boolean(engine)));
    if (isCustom() && !custom) return null;
    try {
      const data = await api("POST", "/videopoker/analyze", { paytable: asked(), coins: coins() }, { signal });
      if (asking !== analysisAsked) return null;
      if (isCustom()) {
        custom.table = data.paytable;
        drawCoins();
        drawPaytable();
        loadStrategy();   // the server has read the table: its list can be derived
      }
      analysisBox.replaceChildren(...analysisResults(data));
      return data;
    } catch (error) {
      if (asking !== analysisAsked) return null;
      analysisBox.replaceChildren();
      if (isCustom()) {
        custom.table = null;
        setStatus(editor.status, error.message);
        drawPaytable();
      } else {
        setStatus(status, error.message);
      }
      return null;
    }
  }

  function loadStrategy() {
    if (isCustom() && !ready()) strategy.waitForTable();
    else strategy.load({ paytable: asked(), coins: coins() }, table().title);
  }

  /** Count a drawn hand in the session tally, by the title of the game it was played in. */
  function record(result) {
    tallyHand(tally, result, table().title);
    remember(TALLY_KEY, tally);
    tallyPanel.draw(tally);
  }

  function resetTally() {
    tally = emptyTally();
    remember(TALLY_KEY, tally);
    tallyPanel.draw(tally);
  }

  /** The server's pay tables, then what was chosen last time (when it still exists). */
  async function loadTables() {
    try {
      const data = await api("GET", "/videopoker/paytables");
      tables = data.paytables;
      tableSelect.replaceChildren(...tables.map((t) => el("option", { value: t.name }, t.title)),
        el("option", { value: CUSTOM }, "Your own pay table..."));
      editor.setTables(tables);
      const names = new Set([...tables.map((t) => t.name), CUSTOM]);
      tableSelect.value = names.has(saved.paytable) ? saved.paytable : tables[0].name;
      tutorBox.checked = Boolean(saved.tutor);
      if (saved.custom && tables.some((t) => t.name === saved.custom.base)) {
        custom = editor.start(saved.custom.base, saved.custom.pays, saved.custom.wild);
      }
      editor.element.hidden = !isCustom();
      if (isCustom() && !custom) custom = editor.start(tables[0].name);
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
    if (/^[1-5]$/.test(event.key)) hand.toggle(Number(event.key) - 1);
    else if (event.key === "Enter" && !event.target.closest("button")) { event.preventDefault(); hand.dealButton.click(); }
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
          hand.cardsRow, hand.verdict, hand.tutorWarning,
          el("div", { class: "actions" }, hand.dealButton),
          el("p", { class: "hint" }, "Keys: 1 to 5 hold a card, Enter deals and draws."),
          status, hand.advice),
        editor.element,
        el("div", { class: "panel" }, el("h3", {}, "The game"), analysisBox)),
      el("div", { class: "vp-side" },
        el("div", { class: "panel" }, paytable),
        strategy.element,
        el("div", { class: "panel" }, el("h3", {}, "Session"), tallyPanel.box, tallyPanel.lines,
          el("button", { type: "button", class: "small", onclick: resetTally, "data-testid": "vp-reset" }, "Reset")))));
  tallyPanel.draw(tally);
  loadTables();
  return { fields: () => [] };
}
