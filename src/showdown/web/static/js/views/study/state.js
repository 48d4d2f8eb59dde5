// What the Study view keeps across reloads and what it sends to POST /api/study, from the plain
// values of its inputs: {game, board, boardCards, dead, hero, villain, next}, the texts as typed.

import { isGame } from "../../lib/games.js";
import { studyGames } from "../../lib/limits.js";

export const STORAGE_KEY = "study";

/** Whether board study covers `game`, as the server says. */
export function isStudyGame(game) {
  return studyGames().includes(game);
}

/** The shape kept in the browser's storage. */
export function keptShape({ game, board, dead, hero, villain, next }) {
  return { game, board, dead, hero, villain, next };
}

/** What was kept, read as far as it can be (null where nothing usable was). */
export function readKept(kept) {
  const text = (value) => (typeof value === "string" ? value : null);
  return {
    game: isGame(kept?.game) && isStudyGame(kept.game) ? kept.game : null,
    board: text(kept?.board) || "",
    dead: text(kept?.dead) || "",
    hero: text(kept?.hero),
    villain: text(kept?.villain),
    next: typeof kept?.next === "boolean" ? kept.next : null,
  };
}

/** The request; the next card exists on the flop and the turn, on the river there is none to ask for. */
export function studyRequest({ game, board, boardCards, dead, hero, villain, next }) {
  const nextCard = next && boardCards >= 3 && boardCards <= 4;
  return { game, board, dead, hero: hero.trim() || "random", villains: [villain.trim() || "random"],
    next_card: nextCard };
}
