// Showdown: a game, a board and the seats (as many as the game deals to, lib/limits.js); each
// one's best five, the description, the winners (in hi-lo also each one's low and who wins the
// low half). Seats whose hole cards are empty sit out; a field with an error stops the showdown
// with its message. The game, the seats and the board are remembered across reloads (showdown/state.js);
// the answer is drawn by showdown/results.js.

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder } from "../lib/games.js";
import { seatLimits } from "../lib/limits.js";
import { CardField, picker } from "../lib/picker.js";
import { SeatList, seatName } from "../lib/seats.js";
import { recall, remember } from "../lib/storage.js";
import { showdownResults } from "./showdown/results.js";
import { FRESH_SEATS, STORAGE_KEY, keptShape, readKept, showdownRequest } from "./showdown/state.js";

/** What the status line says when the game sets seats aside: "Six-card Omaha deals to at most 7 players: ...". */
function asideText(title, most, left) {
  const who = left === 1 ? `player ${most + 1} is` : `players ${most + 1} to ${most + left} are`;
  return `${title} deals to at most ${most} players: ${who} set aside until a game with room for them.`;
}

export function mountShowdown(root) {
  let restoring = false;   // no saving while the kept seats are put back
  const board = new CardField({ label: "Board", max: 5, testid: "showdown-board", onChange: () => save() });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const results = el("div", { class: "results", "data-testid": "showdown-results", "aria-live": "polite" });
  const game = gameSelector({ id: "showdown-game", testid: "showdown-game", onChange: setGame });
  const seats = new SeatList({
    container: el("div", { class: "players", "data-testid": "showdown-players" }),
    limits: seatLimits("showdown", game.select.value),
    add: { text: "Add player", testid: "showdown-add" },
    remove: { text: "Remove player", testid: "showdown-remove" },
    build: seatAt,
    changed: () => save(),
  });

  /** The seat at `index`: a name and the hole cards of the game played. */
  function seatAt(index) {
    const name = el("input", {
      type: "text", value: seatName(index), "aria-label": `Player ${index + 1} name`,
      class: "name", "data-testid": `showdown-name-${index}`,
    });
    const holes = gameInfo(game.select.value).hole_cards;
    const hole = new CardField({ label: `Player ${index + 1} hole cards`, max: holes, testid: `showdown-hole-${index}`,
      placeholder: holePlaceholder(holes), onChange: save });
    const row = el("div", { class: "player", "data-testid": `showdown-player-${index}` }, name, hole.element);
    return { name, hole, row };
  }

  /**
   * Play `name`: the table seats as many as that game deals to (the seats past them are set
   * aside, and said so, until a game with room for them), each seat holds that game's hole
   * cards; the last results are for another game.
   */
  function setGame(name) {
    game.select.value = name;
    results.replaceChildren();
    setStatus(status, "");
    const limits = seatLimits("showdown", name);
    const left = seats.setLimits(limits);
    const holes = gameInfo(name).hole_cards;
    for (const seat of seats.seats) seat.hole.resize(holes, holePlaceholder(holes));
    if (left) setStatus(status, asideText(gameInfo(name).title, limits.max, left), "info");
    picker.refresh();
    save();
  }

  /** The inputs as plain values: the game, the board and the seats, as typed. */
  function table() {
    return { game: game.select.value, board: board.text,
      seats: seats.seats.map((seat) => ({ name: seat.name.value, hole: seat.hole.text })) };
  }

  function save() {
    if (!restoring) remember(STORAGE_KEY, keptShape(table()));
  }

  function restore() {
    const kept = readKept(recall(STORAGE_KEY, null));
    restoring = true;
    if (kept.game) setGame(kept.game);
    seats.restore(kept.seats, (seat, entry) => {
      if (entry.name !== null) seat.name.value = entry.name;
      if (entry.hole) seat.hole.set(entry.hole);
    }, FRESH_SEATS);
    if (kept.board) board.set(kept.board);
    restoring = false;
    seats.update();
  }

  function fields() { return [...seats.seats.map((seat) => seat.hole), board]; }

  /** Fill every empty slot with random unused cards. */
  function dealRandom() {
    for (const field of fields()) field.set([...field.cards, ...picker.randomUnused(field.max - field.cards.length)]);
  }

  function clearAll() {
    for (const field of fields()) field.clear();
    results.replaceChildren();
    setStatus(status, "");
  }

  async function run() {
    setStatus(status, "");
    const problem = await fieldProblem(fields());
    if (problem) {
      results.replaceChildren();
      setStatus(status, problem);
      return;
    }
    try {
      results.replaceChildren(...showdownResults(await api("POST", "/showdown", showdownRequest(table()))));
    } catch (error) {
      results.replaceChildren();
      setStatus(status, error.message);
    }
  }

  root.append(
    el("div", { class: "panel" },
      el("h2", {}, "Showdown"),
      el("p", { class: "hint" }, "Pick the game, the board and each player's hole cards, then show down (or press "
        + "Enter). A seat without cards sits out. Each player's best five cards are raised; in hi-lo the five of "
        + "the low are underlined; the others are dimmed."),
      game.element, board.element, seats.container,
      el("div", { class: "actions" },
        seats.addButton, seats.removeButton,
        el("button", { type: "button", onclick: dealRandom, "data-testid": "showdown-random" }, "Deal the rest at random"),
        el("button", { type: "button", onclick: clearAll }, "Clear"),
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "showdown-run" }, "Show down")),
      status),
    results);
  root.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(root, run);
  restore();
  return { fields, game: () => game.select.value };
}
