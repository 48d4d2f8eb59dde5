// What the Odds view keeps across reloads and what it sends, from the plain values of its
// inputs: {game, hands, board, dead, mode, time}, the texts as typed (a hand is hole cards or
// a range; empty is a random hand).

import { isGame } from "../../lib/games.js";
import { longestRun } from "../../lib/limits.js";

export const STORAGE_KEY = "odds";
const MODES = ["auto", "exact", "monte-carlo"];   // exact when affordable, exact, Monte Carlo
const TIMES = ["1", "3", "10", "30"];             // the seconds Monte Carlo may run, if the server allows
const FIRST_TIME = "3";                           // the time of a first visit

/** The seconds offered for Monte Carlo: those of TIMES a job may run here (else the longest it may). */
export function times() {
  const offered = TIMES.filter((s) => Number(s) <= longestRun());
  return offered.length ? offered : [String(longestRun())];
}

/** The time chosen on a first visit: FIRST_TIME, or the longest offered when it is not offered. */
export function firstTime() {
  const offered = times();
  return offered.includes(FIRST_TIME) ? FIRST_TIME : offered[offered.length - 1];
}

/** The shape kept in the browser's storage. */
export function keptShape({ game, hands, board, dead, mode, time }) {
  return { game, players: hands, board, dead, mode, time };
}

/** What was kept, read as far as it can be (null, or "" for a text, where nothing usable was). */
export function readKept(kept) {
  const text = (value) => (typeof value === "string" ? value : "");
  return {
    game: isGame(kept?.game) ? kept.game : null,
    hands: (Array.isArray(kept?.players) ? kept.players : []).map(text),
    board: text(kept?.board),
    dead: text(kept?.dead),
    mode: MODES.includes(kept?.mode) ? kept.mode : null,
    time: times().includes(kept?.time) ? kept.time : null,
  };
}

/**
 * The calculation asked of POST /api/equity/jobs. The chosen time bounds Monte Carlo whether
 * it was chosen or is what "exact when affordable" falls back to; an exact count ignores it.
 */
export function equityRequest({ game, hands, board, dead, mode, time }) {
  const body = {
    game,
    players: hands.map((hand) => hand || "random"),
    board,
    dead,
    exact: mode === "exact" ? true : mode === "monte-carlo" ? false : null,
  };
  if (mode !== "exact") body.time_limit = Number(time);
  return body;
}

/** The question of POST /api/equity/plan for the calculation `body`: the same without its time. */
export function planQuestion(body) {
  return { game: body.game, players: body.players, board: body.board, dead: body.dead, exact: body.exact };
}
