// What the Showdown view keeps across reloads and what it sends to POST /api/showdown, from the
// plain values of its inputs: {game, board, seats: [{name, hole}]}, the texts as typed.

import { isGame } from "../../lib/games.js";

export const STORAGE_KEY = "showdown";
export const FRESH_SEATS = 3;   // the seats of a first visit

/** The shape kept in the browser's storage. */
export function keptShape({ game, board, seats }) {
  return { game, board, players: seats.map((seat) => ({ name: seat.name, hole: seat.hole })) };
}

/**
 * What was kept, read as far as it can be: the game when the server still plays it (else
 * null), the board, and per seat its name (null when none was kept) and hole cards.
 */
export function readKept(kept) {
  return {
    game: isGame(kept?.game) ? kept.game : null,
    board: typeof kept?.board === "string" ? kept.board : "",
    seats: (Array.isArray(kept?.players) ? kept.players : []).map((seat) => ({
      name: typeof seat?.name === "string" ? seat.name : null,
      hole: typeof seat?.hole === "string" ? seat.hole : "",
    })),
  };
}

/** The request: a seat without hole cards sits out (the server says when too few are left). */
export function showdownRequest({ game, board, seats }) {
  return {
    game,
    board,
    players: seats.filter((seat) => seat.hole).map((seat) => ({ name: seat.name.trim() || null, hole: seat.hole })),
  };
}
