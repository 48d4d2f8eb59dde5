// The games the server plays (GET /api/games), loaded once at start-up, and the selector each
// view shows. A game sets the hole cards per player, the deck (short deck has no 2 to 5) and
// whether the pot is split with the best low.

import { api, el } from "./api.js";

let games = [];
const byName = new Map();

/** Load the games; the views are mounted after this resolves. */
export async function loadGames() {
  games = (await api("GET", "/games")).games;
  for (const game of games) byName.set(game.name, game);
}

/** The server's description of a game by name (Texas Hold'em for an unknown name). */
export function gameInfo(name) {
  return byName.get(name) || byName.get("holdem");
}

/** Whether `name` is a game the server knows. */
export function isGame(name) {
  return byName.has(name);
}

/** "e.g. As Kd" for two hole cards, "e.g. As Ad Kc Qh" for four, and so on. */
export function holePlaceholder(count) {
  return `e.g. ${["As", "Kd", "Qc", "Jh", "Ts", "9d"].slice(0, count).join(" ")}`;
}

/** A labelled game selector: {element, select}; `onChange(name)` after every choice. */
export function gameSelector({ id, testid, onChange }) {
  const select = el("select", { id, "data-testid": testid, onchange: () => onChange(select.value) },
    games.map((game) => el("option", { value: game.name }, game.title)));
  const element = el("div", { class: "options game-choice" }, el("label", { for: id }, "Game"), select);
  return { element, select };
}
