// What the Video poker view keeps in the browser and the rules of its pay tables, as plain
// values: the settings (game, coins, tutor, custom pay table), the session tally, the named
// tables and what a custom table starts from, and the pays typed for one.

export const SETTINGS_KEY = "videopoker";
export const TALLY_KEY = "videopoker-tally";
export const CUSTOM = "custom";   // the choice of the pay table of your own
/** The page's words for the wild cards the server offers (wild cards without words show their name). */
export const WILD_WORDS = {
  none: "No wild cards",
  deuces: "Deuces wild (the four 2s)",
  joker: "Joker wild (53 cards)",
};

/** The settings as kept; `custom` is {base, wild, pays, table} or null. */
export function settingsShape({ paytable, coins, tutor, custom }) {
  return { paytable, coins, tutor, custom: custom && { base: custom.base, wild: custom.wild, pays: custom.pays } };
}

/** A tally with nothing in it; `byLine`: the mistakes by the best hold's line. */
export function emptyTally() {
  return { hands: 0, bet: 0, won: 0, mistakes: 0, evLost: 0, byLine: [] };
}

/** A tally kept by an older page (no `byLine`) or a damaged one reads as far as it can. */
export function keptTally(kept) {
  const tally = { ...emptyTally(), ...(kept && typeof kept === "object" ? kept : {}) };
  if (!Array.isArray(tally.byLine)) tally.byLine = [];
  return tally;
}

/**
 * Count the drawn hand `result` into `tally`; a mistake also counts against the best hold's
 * line in `game` (the title of the game it was played in: lists differ by game).
 */
export function tallyHand(tally, result, game) {
  tally.hands += 1;
  tally.bet += result.hold.coins;
  tally.won += result.payout;
  tally.mistakes += result.mistake ? 1 : 0;
  tally.evLost += result.ev_lost_per_bet;
  if (!result.mistake) return;
  const { number, words } = result.best_line;
  let entry = tally.byLine.find((e) => e.game === game && e.number === number && e.words === words);
  if (!entry) {
    entry = { game, number, words, mistakes: 0, evLost: 0 };
    tally.byLine.push(entry);
  }
  entry.mistakes += 1;
  entry.evLost += result.ev_lost_per_bet;
}

/** The named table `name` of the server's `tables` (the first when there is no such table). */
export function namedTable(tables, name) {
  return tables.find((t) => t.name === name) || tables[0];
}

/**
 * The hands a game with the `wild` cards pays: the base table's when it has those wild cards,
 * else those of the first named game that has them.
 */
export function customTemplate(tables, baseName, wild) {
  const base = namedTable(tables, baseName);
  if (base.wild === wild) return base;
  return tables.find((t) => t.wild === wild) || base;
}

/**
 * Read the typed pays, [{key, label, text}]: {pays}, or {problem, index} for the first that is
 * not a whole number (the library checks the range).
 */
export function readPays(entries) {
  const pays = {};
  for (const [index, { key, label, text }] of entries.entries()) {
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
      return { problem: `${label}: the pay must be a whole number of coins, got ${JSON.stringify(text)}`, index };
    }
    pays[key] = Number(text);
  }
  return { pays };
}

/** The held cards of a hand {deal, held: Set of indices}, as the API takes them. */
export function heldCards(hand) {
  return hand.deal.filter((_, i) => hand.held.has(i));
}
