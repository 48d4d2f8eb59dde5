// Showdown: a board and 2 to 10 players; each one's best five, the description, the winners.

import { api, el, setStatus } from "../lib/api.js";
import { CardField, cardRow, picker } from "../lib/picker.js";

const NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;

export function mountShowdown(root) {
  const board = new CardField({ label: "Board", max: 5, testid: "showdown-board" });
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
    const hole = new CardField({ label: `Player ${index + 1} hole cards`, max: 2, testid: `showdown-hole-${index}` });
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
    const body = {
      board: board.text,
      players: players.map((p) => ({ name: p.name.value.trim() || null, hole: p.hole.text })),
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
      el("p", { class: "hint" }, "Pick the board and each player's hole cards, then show down. "
        + "Each player's best five cards are raised; the others are dimmed."),
      board.element, list,
      el("div", { class: "actions" },
        addButton, removeButton,
        el("button", { type: "button", onclick: dealRandom, "data-testid": "showdown-random" }, "Deal the rest at random"),
        el("button", { type: "button", onclick: clearAll }, "Clear"),
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "showdown-run" }, "Show down")),
      status),
    results);
  for (let i = 0; i < 3; i += 1) addPlayer();
  return { fields };
}
