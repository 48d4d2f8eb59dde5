// Odds: each player's win and tie percentage as bars, like the television display. The
// calculation runs as a background job; its interim results arrive as server-sent events and
// the bars move with them until the final (exact, when it was exact) answer.

import { api, el, percent, setStatus, thousands } from "../lib/api.js";
import { CardField, picker } from "../lib/picker.js";
import { RangeEditor } from "../lib/rangegrid.js";

const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;

/** Hand categories strongest (straight flush) first; the server lists them weakest first. */
function strongestFirst(categories) {
  return [...categories].sort((a, b) => b.category - a.category);
}

/** "Board Ts Qs 2d, dead 4c" from the board and dead cards as text. */
function situationText(boardText, deadText) {
  return (boardText ? `Board ${boardText}` : "Before the flop") + (deadText ? `, dead ${deadText}` : "");
}

/** Standard error text, or nothing while it cannot be estimated yet. */
function stderrText(stderr) {
  return stderr === null ? "" : `, standard error ${percent(stderr, 3)}`;
}

export function mountOdds(root) {
  const board = new CardField({ label: "Board", max: 5, testid: "odds-board" });
  const dead = new CardField({ label: "Dead cards", max: 6, testid: "odds-dead" });
  const players = [];
  const list = el("div", { class: "players", "data-testid": "odds-players" });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const editor = new RangeEditor();
  let job = null;          // {id, source, timer} of the running calculation

  // ---- players -------------------------------------------------------------------------

  function addPlayer() {
    if (players.length >= MAX_PLAYERS) return;
    const index = players.length;
    const hand = new CardField({ label: `Player ${index + 1}`, max: 2, ranges: true, testid: `odds-player-${index}`,
      placeholder: "cards or range: AsKd, QQ+, random" });
    const rangeButton = el("button", { type: "button", class: "small", "data-testid": `odds-range-${index}`,
      onclick: () => editor.open(`Range of player ${index + 1}`, hand.text, (text) => hand.set(text)) }, "Range grid");
    const row = el("div", { class: "player" }, hand.element, rangeButton);
    players.push({ hand, row });
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
  }

  // ---- the calculation -----------------------------------------------------------------

  function request() {
    const mode = modeSelect.value;
    const body = {
      players: players.map((p) => p.hand.text || "random"),
      board: board.text,
      dead: dead.text,
      exact: mode === "exact" ? true : mode === "monte-carlo" ? false : null,
    };
    if (mode === "monte-carlo") body.time_limit = Number(timeSelect.value);
    return body;
  }

  async function run() {
    await stop();
    setStatus(status, "");
    const body = request();
    drawRows(body.players);
    try {
      const started = await api("POST", "/equity/jobs", body);
      follow(started.job_id);
    } catch (error) {
      setStatus(status, error.message);
      display.hidden = true;
    }
  }

  /** Listen to the job's events; fall back to polling if the stream breaks. */
  function follow(id) {
    job = { id, source: null, timer: null };
    runButton.disabled = true;
    stopButton.disabled = false;
    const source = new EventSource(`/api/equity/jobs/${encodeURIComponent(id)}/events`);
    job.source = source;
    source.onmessage = (event) => receive(JSON.parse(event.data));
    source.onerror = () => {
      source.close();
      if (job && job.id === id && !job.finished) poll(id);
    };
  }

  function poll(id) {
    job.timer = setTimeout(async () => {
      try {
        const state = await api("GET", `/equity/jobs/${encodeURIComponent(id)}`);
        receive(state);
        if (state.status === "running" && job && job.id === id) poll(id);
      } catch (error) {
        setStatus(status, error.message);
        finish();
      }
    }, 250);
  }

  function receive(state) {
    if (!job || state.job_id !== job.id) return;
    if (state.result) drawResult(state.result, state);
    if (state.status === "running") return;
    job.finished = true;
    if (state.status === "error") setStatus(status, state.error || "the calculation failed");
    finish(state.status);
  }

  function finish(how) {
    if (job) {
      if (job.source) job.source.close();
      clearTimeout(job.timer);
    }
    job = null;
    runButton.disabled = false;
    stopButton.disabled = true;
    display.dataset.state = how || "stopped";
    if (how !== "done") summary.textContent = summary.textContent.replace(/^(Running|Dealing)/, "Stopped");
  }

  async function stop() {
    if (!job) return;
    const { id } = job;
    finish("cancelled");
    try { await api("DELETE", `/equity/jobs/${encodeURIComponent(id)}`); } catch { /* already over */ }
  }

  // ---- the bars --------------------------------------------------------------------------

  const display = el("div", { class: "equity-display panel", hidden: true, "data-testid": "equity-display",
    "aria-live": "polite" });
  const summary = el("p", { class: "equity-summary", "data-testid": "equity-summary" });
  const situation = el("p", { class: "equity-board", "data-testid": "equity-board" });
  const progress = el("div", { class: "progress", "aria-hidden": "true" }, el("span"));
  const bars = el("div", { class: "equity-bars" });

  /** A row per player, empty until the first result; `hands` is the text sent. */
  function drawRows(hands) {
    display.hidden = false;
    display.dataset.state = "running";
    summary.textContent = "Dealing\u2026";
    situation.textContent = situationText(board.text, dead.text);
    progress.firstChild.style.width = "0%";
    bars.replaceChildren(...hands.map((hand, index) => el("div", { class: "equity-row", "data-testid": `equity-row-${index}` },
      el("div", { class: "equity-who" }, el("strong", {}, `Player ${index + 1}`), el("span", { class: "equity-hand" }, hand)),
      el("div", { class: "bar", role: "img", "aria-label": `Player ${index + 1} equity` },
        el("span", { class: "bar-win" }), el("span", { class: "bar-tie" })),
      el("div", { class: "equity-numbers" },
        el("span", { class: "equity-big", "data-testid": `equity-value-${index}` }, "\u2013"),
        el("span", { class: "equity-small" }, "")))));
  }

  function drawResult(result, state) {
    const best = Math.max(...result.players.map((player) => player.equity));
    result.players.forEach((player, index) => {
      const row = bars.children[index];
      if (!row) return;
      const [win, tie] = row.querySelectorAll(".bar span");
      win.style.width = percent(player.win, 3);
      tie.style.width = percent(player.equity - player.win, 3);
      row.querySelector(".equity-hand").textContent = player.name;
      row.querySelector(".bar").setAttribute("aria-label",
        `Player ${index + 1}, ${player.name}: win ${percent(player.win)}, tie ${percent(player.tie)}`);
      row.querySelector(".equity-big").textContent = percent(player.equity, 1);
      row.querySelector(".equity-small").textContent = `win ${percent(player.win)} \u00b7 tie ${percent(player.tie)}`;
      row.classList.toggle("leader", player.equity === best);
    });
    situation.textContent = situationText(result.board.join(" "), result.dead.join(" "));
    const done = state.status === "done";
    const outOf = !done && result.planned ? ` of ${thousands(result.planned)}` : "";
    const how = result.exact
      ? `exact: ${thousands(result.total)}${outOf} cases`
      : `Monte Carlo: ${thousands(result.total)}${outOf} trials${stderrText(result.stderr)}`;
    const when = done ? ` in ${result.elapsed.toFixed(2)} s` : "\u2026";
    summary.textContent = `${done ? "Final" : state.status === "running" ? "Running" : "Stopped"}, ${how}${when}`;
    progress.firstChild.style.width = percent(done ? 1 : state.progress || 0, 1);
    display.dataset.exact = result.exact ? "true" : "false";
    drawCategories(result);
  }

  // Equity split by the final hand category, one column per player.
  const categories = el("details", { class: "categories" }, el("summary", {}, "Equity by final hand"));
  function drawCategories(result) {
    const columns = result.players.map((player) => strongestFirst(player.by_category));
    const table = el("table", { class: "numbers", "data-testid": "equity-categories" },
      el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
        result.players.map((player, i) => el("th", { title: player.name }, `P${i + 1}`)))),
      el("tbody", {}, columns[0].map((category, row) => el("tr", {}, el("th", {}, category.category_name),
        columns.map((column) => el("td", {}, percent(column[row].equity, 2)))))));
    categories.replaceChildren(categories.firstChild, table);
  }

  display.append(situation, summary, progress, bars, categories);

  // ---- the odds grid -------------------------------------------------------------------

  const gridHole = new CardField({ label: "Your hole cards", max: 2, testid: "grid-hole" });
  const opponents = el("select", { id: "grid-opponents", "data-testid": "grid-opponents" },
    Array.from({ length: 9 }, (_, i) => el("option", { value: String(i + 1) }, String(i + 1))));
  const gridStatus = el("p", { class: "status", hidden: true, role: "status" });
  const gridResult = el("div", { "data-testid": "grid-result", "aria-live": "polite" });

  async function runGrid() {
    setStatus(gridStatus, "");
    gridResult.replaceChildren(el("p", { class: "hint" }, "Counting\u2026"));
    try {
      const data = await api("POST", "/grid", { hole: gridHole.text, board: board.text,
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
        + `${thousands(data.total)} ${data.exact ? "cases, exact" : `trials${stderrText(data.stderr)}`}`),
      el("table", { class: "numbers grid-table", "data-testid": "grid-table" },
        el("thead", {}, el("tr", {}, el("th", {}, "Wins with"), el("th", {}, "You"), el("th", {}, "Opponents"))),
        el("tbody", {}, strongestFirst(data.categories).map((category) => el("tr", {},
          el("th", {}, category.category_name), cell(category.player, "you"), cell(category.opponents, "them")))),
        el("tfoot", {}, el("tr", {}, el("th", {}, "Total"), cell(data.equity, "you"), cell(1 - data.equity, "them")))));
  }

  // ---- layout --------------------------------------------------------------------------

  const modeSelect = el("select", { id: "odds-mode", "data-testid": "odds-mode" },
    el("option", { value: "auto" }, "Exact when affordable"),
    el("option", { value: "exact" }, "Exact"),
    el("option", { value: "monte-carlo" }, "Monte Carlo"));
  const timeSelect = el("select", { id: "odds-time", "data-testid": "odds-time" },
    ["1", "3", "10", "30"].map((s) => el("option", { value: s, selected: s === "3" }, `${s} s`)));
  const addButton = el("button", { type: "button", onclick: addPlayer, "data-testid": "odds-add" }, "Add player");
  const removeButton = el("button", { type: "button", onclick: removePlayer }, "Remove player");
  const runButton = el("button", { type: "button", class: "primary", onclick: run, "data-testid": "odds-run" }, "Run");
  const stopButton = el("button", { type: "button", onclick: stop, disabled: true, "data-testid": "odds-stop" }, "Stop");

  root.append(
    el("div", { class: "panel" },
      el("h2", {}, "Odds"),
      el("p", { class: "hint" }, "Each player is two cards or a range (type it, or open the grid). "
        + "Empty means a random hand."),
      list, board.element, dead.element,
      el("div", { class: "options" },
        el("label", { for: "odds-mode" }, "Method"), modeSelect,
        el("label", { for: "odds-time" }, "Monte Carlo runs for"), timeSelect),
      el("div", { class: "actions" }, addButton, removeButton, stopButton, runButton),
      status),
    editor.element,
    display,
    el("div", { class: "panel" },
      el("h2", {}, "Hand odds grid"),
      el("p", { class: "hint" }, "Your chance of winning with each final hand against random hands, "
        + "on the board above."),
      gridHole.element,
      el("div", { class: "options" }, el("label", { for: "grid-opponents" }, "Opponents"), opponents),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "primary", onclick: runGrid, "data-testid": "grid-run" }, "Odds grid")),
      gridStatus, gridResult));
  for (let i = 0; i < 2; i += 1) addPlayer();

  return { fields: () => [...players.map((p) => p.hand), board, dead, gridHole] };
}
