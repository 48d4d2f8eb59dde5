// Odds: each player's win and tie percentage as bars, like the television display. The
// calculation runs as a background job; its interim results arrive as server-sent events.
//
// The parts: odds/calculation.js runs it, with the plan line that says beforehand what a run
// will be (odds/plan.js) and the job followed (odds/job.js); odds/display.js draws the numbers;
// odds/grid.js is the hand odds grid below. The game, players, board, dead cards, method and
// time are remembered across reloads (odds/state.js).

import { el } from "../lib/api.js";
import { submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder } from "../lib/games.js";
import { gridOpponents, seatLimits } from "../lib/limits.js";
import { CardField } from "../lib/picker.js";
import { RangeEditor } from "../lib/rangegrid.js";
import { SeatList } from "../lib/seats.js";
import { recall, remember } from "../lib/storage.js";
import { Calculation } from "./odds/calculation.js";
import { EquityDisplay } from "./odds/display.js";
import { OddsGrid } from "./odds/grid.js";
import { STORAGE_KEY, equityRequest, firstTime, keptShape, readKept, times } from "./odds/state.js";

/** What a player field takes in `game`: its hole cards or a range in that game's notation. */
function handPlaceholder(game) {
  const info = gameInfo(game);
  if (info.omaha) return `cards or range: ${holePlaceholder(info.hole_cards).slice(5).replaceAll(" ", "")}, AAxx, random`;
  return "cards or range: AsKd, QQ+, random";
}

export function mountOdds(root) {
  let restoring = false;   // no saving while the kept inputs are put back
  const changed = () => { save(); calculation.schedulePlan(); };
  const board = new CardField({ label: "Board", max: 5, testid: "odds-board", onChange: changed });
  const dead = new CardField({ label: "Dead cards", max: 6, testid: "odds-dead", onChange: changed });
  const status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "odds-status" });
  const editor = new RangeEditor();
  const game = gameSelector({ id: "odds-game", testid: "odds-game", onChange: setGame });
  const grid = new OddsGrid({ game: () => game.select.value, board, opponents: gridOpponents() });
  const modeSelect = el("select", { id: "odds-mode", "data-testid": "odds-mode", onchange: changed },
    el("option", { value: "auto" }, "Exact when affordable"),
    el("option", { value: "exact" }, "Exact"),
    el("option", { value: "monte-carlo" }, "Monte Carlo"));
  const timeSelect = el("select", { id: "odds-time", "data-testid": "odds-time", onchange: changed },
    times().map((s) => el("option", { value: s, selected: s === firstTime() }, `${s} s`)));
  const display = new EquityDisplay();
  const calculation = new Calculation({
    request: () => equityRequest(inputs()),
    fields: equityFields,
    time: () => timeSelect.value,
    chooseMonteCarlo: () => { modeSelect.value = "monte-carlo"; changed(); },
    display,
    status,
  });
  const seats = new SeatList({
    container: el("div", { class: "players", "data-testid": "odds-players" }),
    limits: seatLimits("odds"),
    add: { text: "Add player", testid: "odds-add" },
    remove: { text: "Remove player" },
    build: seatAt,
    changed,
  });

  /** The seat at `index`: a hand (hole cards or a range) and the button of its range grid. */
  function seatAt(index) {
    const info = gameInfo(game.select.value);
    const hand = new CardField({ label: `Player ${index + 1}`, max: info.hole_cards, ranges: true,
      testid: `odds-player-${index}`, placeholder: handPlaceholder(game.select.value), onChange: changed });
    const rangeButton = el("button", { type: "button", class: "small", "data-testid": `odds-range-${index}`,
      hidden: info.omaha,
      onclick: () => editor.open(`Range of player ${index + 1}`, hand.text, (text) => hand.set(text)) }, "Range grid");
    return { hand, rangeButton, row: el("div", { class: "player" }, hand.element, rangeButton) };
  }

  /**
   * Play `name`: each player field and the grid's hole cards hold that game's hole cards; the
   * range grid (two-card hands) is for hold'em and short deck only; a running calculation is
   * for another game, so it stops and its numbers go.
   */
  function setGame(name) {
    game.select.value = name;
    const info = gameInfo(name);
    for (const seat of seats.seats) {
      seat.hand.resize(info.hole_cards);
      seat.hand.input.placeholder = handPlaceholder(name);
      seat.rangeButton.hidden = info.omaha;
    }
    grid.setGame(name);
    if (!restoring) calculation.stop().then(() => display.clear());
    changed();
  }

  function equityFields() { return [...seats.seats.map((seat) => seat.hand), board, dead]; }

  /** The inputs as plain values, as typed. */
  function inputs() {
    return { game: game.select.value, hands: seats.seats.map((seat) => seat.hand.text), board: board.text,
      dead: dead.text, mode: modeSelect.value, time: timeSelect.value };
  }

  function save() {
    if (!restoring) remember(STORAGE_KEY, keptShape(inputs()));
  }

  function restore() {
    const kept = readKept(recall(STORAGE_KEY, null));
    restoring = true;
    if (kept.game) setGame(kept.game);
    seats.restore(kept.hands, (seat, hand) => { if (hand) seat.hand.set(hand); });
    if (kept.board) board.set(kept.board);
    if (kept.dead) dead.set(kept.dead);
    if (kept.mode) modeSelect.value = kept.mode;
    if (kept.time) timeSelect.value = kept.time;
    restoring = false;
    seats.update();
  }

  const equityPanel = el("div", { class: "panel" },
    el("h2", {}, "Odds"),
    el("p", { class: "hint" }, "Each player is their hole cards or a range (type it, or open the grid; in Omaha "
      + "type patterns such as AAxx, KKds, random). Empty means a random hand. Run, or press Enter in a field."),
    game.element, seats.container, board.element, dead.element,
    el("div", { class: "options" },
      el("label", { for: "odds-mode" }, "Method"), modeSelect,
      el("label", { for: "odds-time" }, "Monte Carlo runs for"), timeSelect),
    calculation.planLine,
    el("div", { class: "actions" }, seats.addButton, seats.removeButton, calculation.stopButton,
      calculation.runButton),
    status);
  root.append(equityPanel, editor.element, display.element, grid.element);
  equityPanel.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(equityPanel, () => calculation.run());
  restore();

  return { fields: () => [...equityFields(), grid.hole], game: () => game.select.value };
}
