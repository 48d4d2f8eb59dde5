// What the page lets a user ask for, as the library and this server say it (GET /api/limits),
// loaded once at start-up like the games: the fewest and the most seats of each view that seats
// players (in the Showdown view the most depends on the game: as many as its deck deals to),
// the most random opponents of the odds grid, the odd-chip rules, the games board study covers,
// the wild cards a pay table takes and the longest a job may run. No number here is the page's
// own: the views read these when they are mounted, which is after start-up.

import { api } from "./api.js";

let library = null;   // the library's limits (showdown.LIMITS)
let server = null;    // this server's own limits (its settings)

/** Load the limits; the views are mounted after this resolves. */
export async function loadLimits() {
  ({ library, server } = await api("GET", "/limits"));
}

/**
 * The fewest and the most seats of the view `view` ("showdown", "odds" or "pots"): {min, max};
 * a showdown's most are those of `game`.
 */
export function seatLimits(view, game = null) {
  if (view === "showdown") {
    const most = library.max_showdown_players_by_game[game];
    return { min: library.min_showdown_players, max: most ?? library.max_showdown_players };
  }
  if (view === "odds") return { min: library.min_equity_players, max: library.max_equity_players };
  if (view === "pots") return { min: library.min_seats, max: library.max_seats };
  throw new Error(`no seats in the view ${view}`);
}

/** The most random opponents of the odds grid (from 1). */
export function gridOpponents() {
  return library.max_grid_opponents;
}

/** The ways to give out the odd chips of a split, the default first. */
export function oddChipRules() {
  return library.odd_chip_rules;
}

/** The names of the games board study covers. */
export function studyGames() {
  return library.study_games;
}

/** What a pay table's wild cards may be ("none" among them). */
export function wildCards() {
  return library.wild_cards;
}

/** The most seconds this server lets a job (an Odds view run) take. */
export function longestRun() {
  return server.job_max_runtime;
}
