// Showdown: a board and 2 to 10 seats; each one's best five, the description, the winners.
// Seats whose hole cards are empty sit out; a field with an error stops the showdown with its
// message. The seats and the board are remembered across reloads.

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { CardField, cardRow, picker } from "../lib/picker.js";
import { recall, remember } from "../lib/storage.js";

const NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;

export function mountShowdown(root) {
  let restoring = false;   // no saving while the kept seats are put back
  const board = new CardField({ label: "Board", max: 5, testid: "showdown-board", onChange: () => save() });
  const players = [];
  const list = el("div", { class: "players", "data-testid": "showdown-players" });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const results = el("div", { class: "results", "data-testid": "showdown-results", "aria-live": "polite" });

  function addPlayer() {
    if (players.length >= MAX_PLAYERS) return;
    const index = players.length;
    const name = el("input", {
      type: "text", value: NAMES[index], "aria-label": `Player ${index + 1} name`,
      class: "name", "data-testid": `showdown-name-${index}`,
    });
    const hole = new CardField({ label: `Player ${index + 1} hole cards`, max: 2, testid: `showdown-hole-${index}`,
      onChange: save });
    const row = el("div", { class: "player", "data-testid": `showdown-player-${index}` }, name, hole.element);
    players.push({ name, hole, row });
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
    save();
  }

  /** Keep the board and the seats (names and hole cards as typed) for the next visit. */
  function save() {
    if (restoring) return;
    remember("showdown", { board: board.text, players: players.map((p) => ({ name: p.name.value, hole: p.hole.text })) });
  }

  function restore() {
    const kept = recall("showdown", null);
    const seats = Array.isArray(kept?.players) ? kept.players.slice(0, MAX_PLAYERS) : [];
    restoring = true;
    while (players.length < Math.max(MIN_PLAYERS, seats.length || 3)) addPlayer();
    seats.forEach((seat, index) => {
      if (typeof seat?.name === "string") players[index].name.value = seat.name;
      if (typeof seat?.hole === "string" && seat.hole) players[index].hole.set(seat.hole);
    });
    if (typeof kept?.board === "string" && kept.board) board.set(kept.board);
    restoring = false;
    update();
  }

  function fields() { return [...players.map((p) => p.hole), board]; }

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
    // A seat without hole cards sits out; the server says when too few are left.
    const body = {
      board: board.text,
      players: players.filter((p) => p.hole.text)
        .map((p) => ({ name: p.name.value.trim() || null, hole: p.hole.text })),
    };
    try {
      render(await api("POST", "/showdown", body));
    } catch (error) {
      results.replaceChildren();
      setStatus(status, error.message);
    }
  }

  /** One row per player: their seven cards with the best five raised, and the verdict. */
  function render(data) {
    const split = data.is_split;
    results.replaceChildren(
      el("p", { class: "headline", "data-testid": "showdown-headline" }, data.verdict),
      ...data.players.map((player, index) => {
        const won = player.winner;
        const badge = won ? el("span", { class: `badge ${split ? "split" : "win"}` }, split ? "Split" : "Winner") : null;
        return el("div", { class: `result-player ${won ? "won" : "lost"}`, "data-testid": `showdown-result-${index}` },
          el("div", { class: "result-name" }, el("strong", {}, player.name), badge),
          el("div", { class: "result-cards" },
            cardRow(player.hole, { marked: player.hand.best_five, dim: true }),
            el("span", { class: "plus", "aria-hidden": "true" }, "+"),
            cardRow(data.board, { marked: player.hand.best_five, dim: true })),
          el("div", { class: "result-description", "data-testid": "showdown-description" }, player.hand.description));
      }));
  }

  const addButton = el("button", { type: "button", onclick: addPlayer, "data-testid": "showdown-add" }, "Add player");
  const removeButton = el("button", { type: "button", onclick: removePlayer, "data-testid": "showdown-remove" }, "Remove player");
  root.append(
    el("div", { class: "panel" },
      el("h2", {}, "Showdown"),
      el("p", { class: "hint" }, "Pick the board and each player's hole cards, then show down (or press Enter). "
        + "A seat without cards sits out. Each player's best five cards are raised; the others are dimmed."),
      board.element, list,
      el("div", { class: "actions" },
        addButton, removeButton,
        el("button", { type: "button", onclick: dealRandom, "data-testid": "showdown-random" }, "Deal the rest at random"),
        el("button", { type: "button", onclick: clearAll }, "Clear"),
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "showdown-run" }, "Show down")),
      status),
    results);
  root.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(root, run);
  restore();
  return { fields };
}
