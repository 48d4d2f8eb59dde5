// Odds: each player's win and tie percentage as bars, like the television display. The
// calculation runs as a background job; its interim results arrive as server-sent events.
//
// Before a run the view says what it will be (the server's plan, asked again as the inputs
// change): an exact count of so many deals and about how long, or Monte Carlo for the chosen
// time; an exact count too dear for the server is said in words, with Monte Carlo on offer.
// While an exact count runs only its progress shows: partial counts are no answer, so the bars
// and percentages appear when every deal is counted, and an unfinished count leaves nothing.
// Monte Carlo shows its estimate as it goes, labelled as one. In hi-lo each player's share of
// the high half, of the low half and how often they scoop are shown beside the equity. The
// game, players, board, dead cards, method and time are remembered across reloads.

import { api, el, percent, setStatus, thousands } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder, isGame } from "../lib/games.js";
import { CardField, picker } from "../lib/picker.js";
import { RangeEditor } from "../lib/rangegrid.js";
import { recall, remember } from "../lib/storage.js";

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;
const MODES = ["auto", "exact", "monte-carlo"];
const TIMES = ["1", "3", "10", "30"];
const PLAN_DELAY = 300;   // ms of quiet before the plan of the inputs is asked for
const SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";

/** Hand categories strongest (straight flush) first; the server lists them weakest first. */
function strongestFirst(categories) {
  return [...categories].sort((a, b) => b.category - a.category);
}

/** "Board Ts Qs 2d, dead 4c" from the board and dead cards as text. */
function situationText(boardText, deadText) {
  return (boardText ? `Board ${boardText}` : "Before the flop") + (deadText ? `, dead ${deadText}` : "");
}

/** What a player field takes in `game`: its hole cards or a range in that game's notation. */
function handPlaceholder(game) {
  const info = gameInfo(game);
  if (info.omaha) return `cards or range: ${holePlaceholder(info.hole_cards).slice(5).replaceAll(" ", "")}, AAxx, random`;
  return "cards or range: AsKd, QQ+, random";
}

/** Standard error text, or nothing while it cannot be estimated yet. */
function stderrText(stderr) {
  return stderr === null ? "" : `, standard error ${percent(stderr, 3)}`;
}

/** 4.1e12 -> "4.1 × 10¹²". */
function powerText(n) {
  const exponent = Math.floor(Math.log10(n));
  let mantissa = Number((n / 10 ** exponent).toFixed(1));
  let power = exponent;
  if (mantissa >= 10) { mantissa /= 10; power += 1; }
  const digits = String(power).split("").map((d) => SUPERSCRIPT[Number(d)]).join("");
  return `${mantissa} \u00d7 10${digits}`;
}

/** A number of deals: in full up to billions, as a power of ten beyond. */
function dealsText(n) {
  return n < 1e10 ? thousands(n) : powerText(n);
}

/** A span of time in words: "under a second", "about 4 s", "about 3 minutes", "about 2 days". */
function durationText(seconds) {
  if (seconds < 1) return "under a second";
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`;
  if (seconds < 36 * 3600) return `about ${Math.round(seconds / 3600)} hours`;
  if (seconds < 730 * 86400) return `about ${thousands(Math.round(seconds / 86400))} days`;
  return `about ${dealsText(Math.round(seconds / (365 * 86400)))} years`;
}

/** A limit of time in words: "2 minutes", "30 s". */
function limitText(seconds) {
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;
}

export function mountOdds(root) {
  let restoring = false;   // no saving while the kept inputs are put back
  const changed = () => { save(); schedulePlan(); };
  const board = new CardField({ label: "Board", max: 5, testid: "odds-board", onChange: changed });
  const dead = new CardField({ label: "Dead cards", max: 6, testid: "odds-dead", onChange: changed });
  const players = [];
  const list = el("div", { class: "players", "data-testid": "odds-players" });
  const status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "odds-status" });
  const editor = new RangeEditor();
  const game = gameSelector({ id: "odds-game", testid: "odds-game", onChange: setGame });

  /**
   * Play `name`: each player field and the grid's hole cards hold that game's hole cards; the
   * range grid (two-card hands) is for hold'em and short deck only; a running calculation is
   * for another game, so it stops and its numbers go.
   */
  function setGame(name) {
    game.select.value = name;
    const info = gameInfo(name);
    for (const player of players) {
      player.hand.resize(info.hole_cards);
      player.hand.input.placeholder = handPlaceholder(name);
      player.rangeButton.hidden = info.omaha;
    }
    gridHole.resize(info.hole_cards, holePlaceholder(info.hole_cards));
    gridResult.replaceChildren();
    setStatus(gridStatus, "");
    if (!restoring) stopClicked().then(() => clearResults());
    changed();
  }
  let job = null;          // {id, exact, progress, source, timer} of the running calculation
  let runs = 0;            // numbers the runs, so that a run overtaken by a newer one stops

  // ---- players -------------------------------------------------------------------------

  function addPlayer() {
    if (players.length >= MAX_PLAYERS) return;
    const index = players.length;
    const info = gameInfo(game.select.value);
    const hand = new CardField({ label: `Player ${index + 1}`, max: info.hole_cards, ranges: true,
      testid: `odds-player-${index}`, placeholder: handPlaceholder(game.select.value), onChange: changed });
    const rangeButton = el("button", { type: "button", class: "small", "data-testid": `odds-range-${index}`,
      hidden: info.omaha,
      onclick: () => editor.open(`Range of player ${index + 1}`, hand.text, (text) => hand.set(text)) }, "Range grid");
    const row = el("div", { class: "player" }, hand.element, rangeButton);
    players.push({ hand, rangeButton, row });
    list.append(row);
    update();
  }

  function removePlayer() {
    if (players.length <= MIN_PLAYERS) return;
    players.pop().row.remove();
    update();
  }

  function update() {
    addButton.disabled = players.length >= MAX_PLAYERS;
    removeButton.disabled = players.length <= MIN_PLAYERS;
    picker.refresh();
    changed();
  }

  function equityFields() { return [...players.map((p) => p.hand), board, dead]; }

  // ---- what the page remembers -----------------------------------------------------------

  /** Keep the players (hands or ranges as typed), board, dead cards, method and time. */
  function save() {
    if (restoring) return;
    remember("odds", { game: game.select.value, players: players.map((p) => p.hand.text), board: board.text, dead: dead.text,
      mode: modeSelect.value, time: timeSelect.value });
  }

  function restore() {
    const kept = recall("odds", null);
    const hands = Array.isArray(kept?.players) ? kept.players.slice(0, MAX_PLAYERS) : [];
    restoring = true;
    if (isGame(kept?.game)) setGame(kept.game);
    while (players.length < Math.max(MIN_PLAYERS, hands.length)) addPlayer();
    hands.forEach((text, index) => { if (typeof text === "string" && text) players[index].hand.set(text); });
    if (typeof kept?.board === "string" && kept.board) board.set(kept.board);
    if (typeof kept?.dead === "string" && kept.dead) dead.set(kept.dead);
    if (MODES.includes(kept?.mode)) modeSelect.value = kept.mode;
    if (TIMES.includes(kept?.time)) timeSelect.value = kept.time;
    restoring = false;
    update();
  }

  // ---- what a run will be: the plan ----------------------------------------------------

  let planTimer = null;
  let planTicket = 0;
  let lastPlan = null;     // {key, data} or {key, error}: the answer for the inputs `key`

  function request() {
    const mode = modeSelect.value;
    const body = {
      game: game.select.value,
      players: players.map((p) => p.hand.text || "random"),
      board: board.text,
      dead: dead.text,
      exact: mode === "exact" ? true : mode === "monte-carlo" ? false : null,
    };
    // The chosen time bounds Monte Carlo whether it was chosen or is what "exact when
    // affordable" falls back to; an exact count ignores it.
    if (mode !== "exact") body.time_limit = Number(timeSelect.value);
    return body;
  }

  /** The server's plan of the request `body` (asked once for the same inputs). */
  async function planOf(body) {
    const question = { game: body.game, players: body.players, board: body.board, dead: body.dead, exact: body.exact };
    const key = JSON.stringify(question);
    if (lastPlan && lastPlan.key === key) return lastPlan;
    let answer;
    try {
      answer = { key, data: await api("POST", "/equity/plan", question) };
    } catch (error) {
      answer = { key, error: error.message };
      if (error.status !== 422) return answer;   // the server's word on the inputs is kept, a lost line is not
    }
    lastPlan = answer;
    return answer;
  }

  function schedulePlan() {
    clearTimeout(planTimer);
    planTimer = setTimeout(refreshPlan, PLAN_DELAY);
  }

  async function refreshPlan() {
    const ticket = ++planTicket;
    const problem = await fieldProblem(equityFields());
    if (ticket !== planTicket) return;
    if (problem) { showPlan(null); return; }     // the field shows its own message
    const body = request();
    const answer = await planOf(body);
    if (ticket !== planTicket) return;
    showPlan(answer, body);
  }

  /** Exact too dear for the server, in words. */
  function tooDearText(data) {
    const deals = data.assignments * data.boards;
    if (!data.exact_possible) return `Too many deals to count exactly (${powerText(deals)}).`;
    const upTo = data.assignments > 1 ? "up to " : "";
    // The server's limit as time: its seconds, or its hand evaluations at the same pace.
    const { seconds, max_seconds: most, max_evaluations: evaluations } = data.job;
    const byWork = seconds * evaluations / data.evaluations;
    const limit = byWork < most ? durationText(byWork) : limitText(most);
    return `Too many deals to count exactly here: ${upTo}${dealsText(deals)} deals would take ${durationText(seconds)}`
      + ` of counting, and this server stops an exact count at ${limit}.`;
  }

  /** The plan line: what Run will do, or why exact is out of reach (with Monte Carlo on offer). */
  function showPlan(answer, body) {
    offerButton.textContent = `Run Monte Carlo for ${timeSelect.value} s instead`;
    if (!answer) {
      setPlan("", "");
      return;
    }
    if (answer.error) {
      setPlan(answer.error, "error");
      return;
    }
    const data = answer.data;
    const deals = data.assignments * data.boards;
    const upTo = data.assignments > 1 ? "up to " : "";
    const time = `${timeSelect.value} s`;
    if (body.exact === false) setPlan(`Monte Carlo for ${time}.`, "info");
    else if (body.exact === true && !data.job.affordable) setPlan(tooDearText(data), "warn", true);
    else if (data.job.exact) setPlan(`Exact: ${upTo}${dealsText(deals)} deals (${durationText(data.job.seconds)}).`, "info");
    else if (data.job.affordable) {
      setPlan(`Monte Carlo for ${time}; an exact count of ${upTo}${dealsText(deals)} deals would take `
        + `${durationText(data.job.seconds)} (choose Exact for it).`, "info");
    } else setPlan(`Too many deals for exact (${powerText(deals)}); Monte Carlo for ${time}.`, "info");
  }

  function setPlan(text, kind, offer = false) {
    planText.textContent = text;
    planLine.dataset.kind = kind;
    planLine.classList.toggle("empty", !text);  // the line keeps its place: nothing below it jumps
    offerButton.hidden = !offer;
  }

  // ---- the calculation -----------------------------------------------------------------

  async function run() {
    const previous = detach();
    clearResults();                       // at once: the last run's numbers are not this run's
    setStatus(status, "");
    const ticket = ++runs;
    if (previous) await cancel(previous);
    const problem = await fieldProblem(equityFields());
    if (ticket !== runs) return;
    if (problem) {
      setStatus(status, problem);
      return;
    }
    const body = request();
    clearTimeout(planTimer);
    planTicket += 1;                      // a plan asked for earlier must not overwrite this one
    const answer = await planOf(body);
    if (ticket !== runs) return;
    if (answer.error) {
      setPlan("", "");
      setStatus(status, answer.error);
      return;
    }
    showPlan(answer, body);
    if (body.exact === true && !answer.data.job.affordable) {
      offerButton.focus();                // not run: the plan line says why and offers Monte Carlo
      return;
    }
    drawRows(body.players, answer.data.job.exact);
    try {
      const started = await api("POST", "/equity/jobs", body);
      if (ticket !== runs) {
        await cancel({ id: started.job_id });
        return;
      }
      follow(started);
    } catch (error) {
      if (ticket !== runs) return;
      clearResults();
      setStatus(status, error.message);
    }
  }

  /** Listen to the job's events; fall back to polling if the stream breaks. */
  function follow(started) {
    const id = started.job_id;
    job = { id, exact: started.exact, progress: 0, source: null, timer: null };
    display.dataset.job = id;
    display.dataset.exact = started.exact ? "true" : "false";
    runButton.disabled = true;
    stopButton.disabled = false;
    const source = new EventSource(`/api/equity/jobs/${encodeURIComponent(id)}/events`);
    job.source = source;
    source.onmessage = (event) => receive(JSON.parse(event.data));
    source.onerror = () => {
      source.close();
      if (job && job.id === id) poll(id);
    };
  }

  function poll(id) {
    job.timer = setTimeout(async () => {
      try {
        const state = await api("GET", `/equity/jobs/${encodeURIComponent(id)}`);
        receive(state);
        if (state.status === "running" && job && job.id === id) poll(id);
      } catch (error) {
        if (!job || job.id !== id) return;
        detach();
        clearResults();
        setStatus(status, error.message);
      }
    }, 250);
  }

  function receive(state) {
    if (!job || state.job_id !== job.id) return;
    job.progress = state.progress;
    if (state.status === "running") {
      if (job.exact) showCounting(state);
      else if (state.result) drawEstimate(state.result, state.progress);
      return;
    }
    const current = detach();
    display.dataset.state = state.status;
    if (state.status === "done") drawFinal(state.result);
    else if (state.status === "cancelled") showStopped(current, state.result);
    else showFailed(state);
  }

  /** Stop following the job (it keeps running until cancelled); the job, or null. */
  function detach() {
    const current = job;
    if (!current) return null;
    if (current.source) current.source.close();
    clearTimeout(current.timer);
    job = null;
    runButton.disabled = false;
    stopButton.disabled = true;
    return current;
  }

  async function cancel(current) {
    try { await api("DELETE", `/equity/jobs/${encodeURIComponent(current.id)}`); } catch { /* already over */ }
  }

  async function stopClicked() {
    const current = detach();
    if (!current) return;
    display.dataset.state = "cancelled";
    showStopped(current, null);
    await cancel(current);
  }

  // ---- the display ---------------------------------------------------------------------

  const display = el("div", { class: "equity-display panel", hidden: true, "data-testid": "equity-display",
    "aria-live": "polite" });
  const summary = el("p", { class: "equity-summary", "data-testid": "equity-summary" });
  const situation = el("p", { class: "equity-board", "data-testid": "equity-board" });
  const progress = el("div", { class: "progress", role: "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
    "aria-label": "Share of the work done", "data-testid": "equity-progress" }, el("span"));
  const bars = el("div", { class: "equity-bars" });
  const categories = el("details", { class: "categories", hidden: true }, el("summary", {}, "Equity by final hand"));

  /** No numbers at all: the display hidden and emptied. */
  function clearResults() {
    display.hidden = true;
    for (const key of ["job", "exact", "state"]) delete display.dataset[key];
    summary.textContent = "";
    situation.textContent = "";
    setProgress(0);
    bars.replaceChildren();
    categories.hidden = true;
    categories.replaceChildren(categories.firstChild);
  }

  function setProgress(fraction) {
    progress.firstChild.style.width = percent(fraction, 1);
    progress.setAttribute("aria-valuenow", (100 * fraction).toFixed(1));
  }

  /** A row per player with no numbers yet; `hands` is the text sent. */
  function drawRows(hands, exact) {
    display.hidden = false;
    display.dataset.state = "running";
    display.dataset.exact = exact ? "true" : "false";
    summary.textContent = exact ? "Counting every deal exactly\u2026" : "Dealing\u2026";
    situation.textContent = situationText(board.text, dead.text);
    setProgress(0);
    bars.replaceChildren(...hands.map((hand, index) => el("div", { class: "equity-row", "data-testid": `equity-row-${index}` },
      el("div", { class: "equity-who" }, el("strong", {}, `Player ${index + 1}`), el("span", { class: "equity-hand" }, hand)),
      el("div", { class: "bar", role: "img", "aria-label": `Player ${index + 1} equity` },
        el("span", { class: "bar-win" }), el("span", { class: "bar-tie" })),
      el("div", { class: "equity-numbers" },
        el("span", { class: "equity-big", "data-testid": `equity-value-${index}` }, "\u2013"),
        el("span", { class: "equity-small" }, "")))));
  }

  /** Take every number off the rows (an unfinished exact count is no answer). */
  function blankRows() {
    for (const row of bars.children) {
      row.classList.remove("leader");
      for (const bar of row.querySelectorAll(".bar span")) bar.style.width = "0%";
      row.querySelector(".equity-big").textContent = "\u2013";
      row.querySelector(".equity-small").textContent = "";
    }
    categories.hidden = true;
    categories.replaceChildren(categories.firstChild);
  }

  /** An exact count under way: how much of it is done, and nothing else. */
  function showCounting(state) {
    const result = state.result;
    const done = result && result.planned
      ? ` (${thousands(result.total)} of ${thousands(result.planned)} deals)` : "";
    summary.textContent = `Counting every deal exactly: ${percent(state.progress, 0)} done${done}\u2026`;
    setProgress(state.progress);
  }

  /** Monte Carlo under way: its estimate so far, said to be one. */
  function drawEstimate(result, fraction) {
    drawNumbers(result);
    summary.textContent = `Running, Monte Carlo estimate so far: ${thousands(result.total)} deals`
      + `${stderrText(result.stderr)}\u2026`;
    setProgress(fraction);
  }

  function drawFinal(result) {
    drawNumbers(result);
    const elapsed = ` in ${result.elapsed.toFixed(2)} s`;
    summary.textContent = result.exact
      ? `Final, exact: ${thousands(result.total)} deals${elapsed}`
      : `Final, Monte Carlo estimate: ${thousands(result.total)} deals${stderrText(result.stderr)},${elapsed}`;
    setProgress(1);
  }

  /** Stopped: Monte Carlo keeps its estimate, an exact count leaves no numbers. */
  function showStopped(current, result) {
    if (current.exact) {
      blankRows();
      summary.textContent = `Stopped at ${percent(current.progress, 0)} of the deals: an unfinished exact count is no `
        + "answer, so no equity is shown.";
      return;
    }
    if (result) {
      drawNumbers(result);
      summary.textContent = `Stopped, Monte Carlo estimate: ${thousands(result.total)} deals${stderrText(result.stderr)}`;
      return;
    }
    const running = "Running, Monte Carlo estimate so far";
    summary.textContent = summary.textContent.startsWith(running)
      ? summary.textContent.replace(running, "Stopped, Monte Carlo estimate").replace(/\u2026$/, "")
      : "Stopped, Monte Carlo: no estimate yet";
  }

  /** A failed run leaves no numbers; an exact count that ran out of time offers Monte Carlo. */
  function showFailed(state) {
    clearResults();
    if (state.try_monte_carlo) {
      setPlan("The exact count did not finish in the time this server gives a calculation, so there is no "
        + "result. Monte Carlo can estimate it instead.", "warn", true);
      offerButton.textContent = `Run Monte Carlo for ${timeSelect.value} s instead`;
      return;
    }
    setStatus(status, state.error || "the calculation failed");
  }

  /** Bars and percentages of a result: final, or a Monte Carlo estimate. */
  function drawNumbers(result) {
    const best = Math.max(...result.players.map((player) => player.equity));
    result.players.forEach((player, index) => {
      const row = bars.children[index];
      if (!row) return;
      const [win, tie] = row.querySelectorAll(".bar span");
      win.style.width = percent(player.win, 3);
      tie.style.width = percent(player.equity - player.win, 3);
      row.querySelector(".equity-hand").textContent = player.hand;
      row.querySelector(".bar").setAttribute("aria-label",
        `Player ${index + 1}, ${player.hand}: win ${percent(player.win)}, tie ${percent(player.tie)}`);
      row.querySelector(".equity-big").textContent = percent(player.equity, 1);
      row.querySelector(".equity-small").textContent = gameInfo(result.game).low
        ? `high ${percent(player.high)} \u00b7 low ${percent(player.low)} \u00b7 scoop ${percent(player.scoop)}`
        : `win ${percent(player.win)} \u00b7 tie ${percent(player.tie)}`;
      row.classList.toggle("leader", player.equity === best);
    });
    situation.textContent = situationText(result.board.join(" "), result.dead.join(" "));
    drawCategories(result);
  }

  // Equity split by the final hand category, one column per player.
  function drawCategories(result) {
    const columns = result.players.map((player) => strongestFirst(player.by_category));
    const table = el("table", { class: "numbers", "data-testid": "equity-categories" },
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
        result.players.map((player, i) => el("th", { title: player.hand }, `P${i + 1}`)))),
      el("tbody", {}, columns[0].map((category, row) => el("tr", {}, el("th", {}, category.category_name),
        columns.map((column) => el("td", {}, percent(column[row].equity, 2)))))));
    categories.replaceChildren(categories.firstChild, table);
    categories.hidden = false;
  }

  display.append(situation, summary, progress, bars, categories);

  // ---- the odds grid -------------------------------------------------------------------

  const gridHoles = gameInfo(game.select.value).hole_cards;
  const gridHole = new CardField({ label: "Your hole cards", max: gridHoles, testid: "grid-hole",
    placeholder: holePlaceholder(gridHoles) });
  const opponents = el("select", { id: "grid-opponents", "data-testid": "grid-opponents" },
    Array.from({ length: 9 }, (_, i) => el("option", { value: String(i + 1) }, String(i + 1))));
  const gridStatus = el("p", { class: "status", hidden: true, role: "status" });
  const gridResult = el("div", { "data-testid": "grid-result", "aria-live": "polite" });

  async function runGrid() {
    setStatus(gridStatus, "");
    gridResult.replaceChildren();
    const problem = await fieldProblem([gridHole, board]);
    if (problem) {
      setStatus(gridStatus, problem);
      return;
    }
    gridResult.replaceChildren(el("p", { class: "hint" }, "Counting\u2026"));
    try {
      const data = await api("POST", "/grid", { game: game.select.value, hole: gridHole.text, board: board.text,
        opponents: Number(opponents.value) });
      drawGrid(data);
    } catch (error) {
      gridResult.replaceChildren();
      setStatus(gridStatus, error.message);
    }
  }

  function drawGrid(data) {
    const cell = (value, kind) => el("td", {},
      el("span", { class: "mini-track", "aria-hidden": "true" },
        el("span", { class: `mini-bar ${kind}`, style: `width:${Math.min(100, 100 * value)}%` })),
      el("span", { class: "mini-value" }, percent(value, 2)));
    const others = data.n_opponents === 1 ? "the opponent" : `the ${data.n_opponents} opponents`;
    const onBoard = data.board.length ? data.board.join(" ") : "no board";
    gridResult.replaceChildren(
      el("p", { class: "hint" }, `${data.hole.join(" ")} on ${onBoard} against ${others}: `
        + `${thousands(data.total)} ${data.exact ? "deals, exact" : `deals${stderrText(data.stderr)}`}`),
      el("table", { class: "numbers grid-table", "data-testid": "grid-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "Wins with"), el("th", {}, "You"), el("th", {}, "Opponents"))),
        el("tbody", {}, strongestFirst(data.categories).map((category) => el("tr", {},
          el("th", {}, category.category_name), cell(category.player, "you"), cell(category.opponents, "them")))),
        el("tfoot", {}, el("tr", {}, el("th", {}, "Total"), cell(data.equity, "you"), cell(1 - data.equity, "them")))));
  }

  // ---- layout --------------------------------------------------------------------------

  const modeSelect = el("select", { id: "odds-mode", "data-testid": "odds-mode", onchange: changed },
    el("option", { value: "auto" }, "Exact when affordable"),
    el("option", { value: "exact" }, "Exact"),
    el("option", { value: "monte-carlo" }, "Monte Carlo"));
  const timeSelect = el("select", { id: "odds-time", "data-testid": "odds-time", onchange: changed },
    TIMES.map((s) => el("option", { value: s, selected: s === "3" }, `${s} s`)));
  const addButton = el("button", { type: "button", onclick: addPlayer, "data-testid": "odds-add" }, "Add player");
  const removeButton = el("button", { type: "button", onclick: removePlayer }, "Remove player");
  const runButton = el("button", { type: "button", class: "primary", onclick: run, "data-testid": "odds-run" }, "Run");
  const stopButton = el("button", { type: "button", onclick: stopClicked, disabled: true, "data-testid": "odds-stop" },
    "Stop");
  const planText = el("span", { "data-testid": "odds-plan" });
  const offerButton = el("button", { type: "button", class: "small", hidden: true, "data-testid": "odds-offer",
    onclick: () => { modeSelect.value = "monte-carlo"; changed(); run(); } }, "Run Monte Carlo instead");
  const planLine = el("p", { class: "odds-plan empty", "aria-live": "polite" }, planText, " ", offerButton);

  const equityPanel = el("div", { class: "panel" },
    el("h2", {}, "Odds"),
    el("p", { class: "hint" }, "Each player is their hole cards or a range (type it, or open the grid; in Omaha "
      + "type patterns such as AAxx, KKds, random). Empty means a random hand. Run, or press Enter in a field."),
    game.element, list, board.element, dead.element,
    el("div", { class: "options" },
      el("label", { for: "odds-mode" }, "Method"), modeSelect,
      el("label", { for: "odds-time" }, "Monte Carlo runs for"), timeSelect),
    planLine,
    el("div", { class: "actions" }, addButton, removeButton, stopButton, runButton),
    status);
  const gridPanel = el("div", { class: "panel" },
    el("h2", {}, "Hand odds grid"),
    el("p", { class: "hint" }, "Your chance of winning with each final hand against random hands, "
      + "on the board above."),
    gridHole.element,
    el("div", { class: "options" }, el("label", { for: "grid-opponents" }, "Opponents"), opponents),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "primary", onclick: runGrid, "data-testid": "grid-run" }, "Odds grid")),
    gridStatus, gridResult);
  root.append(equityPanel, editor.element, display, gridPanel);
  equityPanel.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(equityPanel, run);
  submitOnEnter(gridPanel, runGrid);
  restore();

  return { fields: () => [...players.map((p) => p.hand), board, dead, gridHole], game: () => game.select.value };
}
