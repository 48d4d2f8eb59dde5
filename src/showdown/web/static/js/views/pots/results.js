// The Pots view's answer drawn: the dealer's announcement, a chip per pot with its winners (in
// hi-lo who won each half), and each seat's payout table.

import { el } from "../../lib/api.js";
import { gameInfo } from "../../lib/games.js";

/** +5, -5, 0. */
function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** A split pot lists each share; a single winner just the name. */
function winners(pot) {
  return pot.shares.length > 1 ? pot.shares.map((share) => `${share.name} ${share.chips}`).join(", ")
    : pot.winners.join(", ");
}

/** In hi-lo, who won each half of `pot`. */
function halves(settlement, pot) {
  if (!gameInfo(settlement.game).low) return null;
  return el("span", { class: "pot-halves", "data-testid": "pots-halves" },
    `high: ${pot.high_winners.join(", ")}`
    + (pot.low_winners.length ? ` \u00b7 low: ${pot.low_winners.join(", ")}` : " \u00b7 no low"));
}

/** The elements of the server's settlement: the dealer's panel, then the payouts. */
export function settlementResults(settlement) {
  return [
    el("div", { class: "panel dealer" },
      el("h3", {}, "The dealer announces"),
      el("ol", { class: "announcement", "data-testid": "pots-announcement" },
        settlement.announcement.map((line) => el("li", {}, line))),
      el("div", { class: "pot-chips" }, settlement.pots.map((pot) => el("div", { class: "pot-chip" },
        el("span", { class: "pot-title" }, pot.title),
        el("span", { class: "pot-amount" }, String(pot.amount)),
        el("span", { class: "pot-winners" }, winners(pot)), halves(settlement, pot))))),
    el("table", { class: "numbers payouts", "data-testid": "pots-payouts" },
      el("thead", {}, el("tr", {}, ["Seat", "Put in", "Returned", "Won", "Net"].map((h) => el("th", {}, h)))),
      el("tbody", {}, settlement.seats.map((seat) => el("tr", {},
        el("th", {}, seat.name), el("td", {}, String(seat.contribution)), el("td", {}, String(seat.returned)),
        el("td", {}, String(seat.payout)),
        el("td", { class: seat.net > 0 ? "gain" : seat.net < 0 ? "loss" : "" }, signed(seat.net)))))),
  ];
}
