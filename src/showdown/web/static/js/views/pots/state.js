// What the Pots view keeps across reloads and what it sends to POST /api/settle, from the plain
// values of its inputs: {game, board, second, oddChip, rake, cap, seats: [{name, chips, hole,
// folded, button}]}, the texts as typed.

import { isGame } from "../../lib/games.js";
import { seatName } from "../../lib/seats.js";

export const STORAGE_KEY = "pots";
export const FRESH_SEATS = 3;        // the seats of a first visit
export const FRESH_CONTRIBUTION = 100;   // what a new seat has put in

/** The shape kept in the browser's storage. */
export function keptShape({ game, board, second, oddChip, rake, cap, seats }) {
  return {
    game, board, second, oddChip, rake, cap,
    seats: seats.map((seat) => ({ name: seat.name, chips: seat.chips, hole: seat.hole,
      folded: seat.folded, button: seat.button })),
  };
}

/**
 * What was kept, read as far as it can be: the game when the server still plays it (else
 * null), the texts kept (null for an option that was not), and per seat what was kept of it.
 */
export function readKept(kept) {
  const text = (value) => (typeof value === "string" ? value : null);
  return {
    game: isGame(kept?.game) ? kept.game : null,
    board: text(kept?.board) || "",
    second: text(kept?.second) || "",
    oddChip: text(kept?.oddChip),
    rake: text(kept?.rake),
    cap: text(kept?.cap),
    seats: (Array.isArray(kept?.seats) ? kept.seats : []).map((seat) => ({
      name: text(seat?.name),
      chips: text(seat?.chips),
      hole: text(seat?.hole) || "",
      folded: seat?.folded === true,
      button: seat?.button === true,
    })),
  };
}

/**
 * The request; a seat whose name was emptied goes by the name it started with (a seat needs
 * one); with a second board the hand is run twice (the library finds the shared cards).
 */
export function settleRequest({ game, board, second, oddChip, rake, cap, seats }) {
  const button = seats.findIndex((seat) => seat.button);
  const data = {
    game,
    board,
    seats: seats.map((seat, index) => ({
      name: seat.name.trim() || seatName(index),
      contribution: Number(seat.chips || 0),
      hole: seat.hole || null,
      folded: seat.folded,
    })),
    button: Math.max(0, button),
    odd_chip: oddChip,
    rake: rake && Number(rake) > 0 ? { percent: rake, cap: cap ? Number(cap) : null } : null,
  };
  if (second) {
    data.boards = [board, second];
    data.board = "";
  }
  return data;
}
