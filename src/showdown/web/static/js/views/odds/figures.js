// How the Odds view orders hand categories and writes a standard error (bars and grid alike).

import { percent } from "../../lib/api.js";

/** Hand categories strongest (straight flush) first; the server lists them weakest first. */
export function strongestFirst(categories) {
  return [...categories].sort((a, b) => b.category - a.category);
}

/** Standard error text, or nothing while it cannot be estimated yet. */
export function stderrText(stderr) {
  return stderr === null ? "" : `, standard error ${percent(stderr, 3)}`;
}
