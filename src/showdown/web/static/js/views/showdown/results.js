// The Showdown view's answer drawn: the verdict on top, then a row per player with their cards
// (the best five raised; in hi-lo the low's five underlined), the hand in words and what they won.

import { el } from "../../lib/api.js";
import { gameInfo } from "../../lib/games.js";
import { cardRow } from "../../lib/picker.js";

/** What a player won, as badges: the pot, a split, or in hi-lo the high, the low, a scoop. */
function badges(data, player) {
  const badge = (kind, text) => el("span", { class: `badge ${kind}`, "data-testid": "showdown-badge" }, text);
  if (!gameInfo(data.game).low) {
    if (!player.winner) return [];
    return [data.is_split ? badge("split", "Split") : badge("win", "Winner")];
  }
  if (data.scoopers.includes(player.name)) return [badge("scoop", "Scoops")];
  const shown = [];
  if (player.winner) shown.push(data.is_split ? badge("split", "Splits the high") : badge("win", "High"));
  if (player.low_winner) {
    shown.push(badge("low", data.low_winners.length > 1 ? "Splits the low" : "Low"));
  }
  return shown;
}

/** One player's row of the answer `data`. */
function playerRow(data, player, index) {
  const won = player.winner || player.low_winner;
  const low = player.low ? player.low.best_five : [];
  const lowLine = gameInfo(data.game).low
    ? el("div", { class: "result-low", "data-testid": "showdown-low" },
      player.low ? player.low.description : "No qualifying low")
    : null;
  return el("div", { class: `result-player ${won ? "won" : "lost"}`, "data-testid": `showdown-result-${index}` },
    el("div", { class: "result-name" }, el("strong", {}, player.name), badges(data, player)),
    el("div", { class: "result-cards" },
      cardRow(player.hole, { marked: player.hand.best_five, low, dim: true }),
      el("span", { class: "plus", "aria-hidden": "true" }, "+"),
      cardRow(data.board, { marked: player.hand.best_five, low, dim: true })),
    el("div", { class: "result-description", "data-testid": "showdown-description" }, player.hand.description),
    lowLine);
}

/** The elements of the server's answer, in order: the headline, then a row per player. */
export function showdownResults(data) {
  return [
    el("p", { class: "headline", "data-testid": "showdown-headline" }, data.verdict),
    ...data.players.map((player, index) => playerRow(data, player, index)),
  ];
}
