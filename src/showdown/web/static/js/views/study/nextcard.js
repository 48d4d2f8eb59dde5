// The Study view's next-card heat map, heads-up on the flop or turn: the deck in rows of rank
// (aces first) and columns of suit, each card coloured by the hero's equity once it comes; the
// board, the dead cards and the cards the game's deck lacks cannot come, and are greyed.

import { el, percent } from "../../lib/api.js";
import { cardInfo, deck } from "../../lib/deck.js";
import { picker } from "../../lib/picker.js";
import { equityColour, equityText, legend } from "./figures.js";

/** A card's title: its equity and probability, or why it cannot come. */
function cardTitle(next, card, row) {
  const { pretty } = cardInfo(card);
  if (row && row.probability > 0) {
    return `${pretty}: equity ${equityText(row.equity)}, probability ${percent(row.probability, 2)}`;
  }
  if (next.board.includes(card)) return `${pretty}: on the board`;
  if (next.dead.includes(card)) return `${pretty}: dead`;
  if (!picker.inDeck(card)) return `${pretty}: not in this deck`;
  return `${pretty}: cannot come`;
}

/** The elements of the server's `next` card study (null: none, on a board of `boardSize` cards). */
export function nextCardMap(next, boardSize) {
  if (!next) {
    const reason = boardSize === 5 ? "On the river no card is to come."
      : "Tick \u201cnext card\u201d and study a flop or a turn to see each next card\u2019s effect.";
    return [el("p", { class: "hint", "data-testid": "study-next-none" }, reason)];
  }
  const byCard = new Map(next.cards.map((row) => [row.card, row]));
  const detail = el("p", { class: "study-next-detail", "data-testid": "study-next-detail", "aria-live": "polite" });
  const describe = (row) => {
    const classes = Object.entries(row.classes).filter(([, share]) => share > 0)
      .sort((a, b) => b[1] - a[1]).map(([name, share]) => `${name} ${percent(share, 0)}`);
    detail.textContent = `After ${cardInfo(row.card).pretty} (probability ${percent(row.probability, 2)}): equity `
      + `${equityText(row.equity)}${classes.length ? `; the hero has ${classes.join(", ")}` : ""}.`;
  };
  const cells = [...deck()].reverse().map((card) => {
    const info = cardInfo(card);
    const row = byCard.get(card);
    const comes = Boolean(row) && row.probability > 0;
    const title = cardTitle(next, card, row);
    const cell = el("span", { class: `study-card suit-${info.suit}${comes ? "" : " out"}`, "data-card": card,
      "data-testid": `study-next-${card}`, title, "aria-label": title, tabindex: comes ? "0" : null },
    el("span", { class: "study-card-name" }, info.pretty),
    comes && row.equity !== null ? el("span", { class: "study-cell-value" }, (100 * row.equity).toFixed(0)) : null);
    if (comes && row.equity !== null) cell.style.background = equityColour(row.equity);
    if (comes) {
      cell.addEventListener("mouseenter", () => describe(row));
      cell.addEventListener("focus", () => describe(row));
    }
    return cell;
  });
  return [
    el("p", { class: "hint" }, `The hero's equity now: ${equityText(next.equity)}. After each card that can come `
      + "(hover a card for its probability and what the hero holds then):"),
    el("div", { class: "study-deck", role: "group", "aria-label": "Hero equity after each next card",
      "data-testid": "study-next" }, cells),
    legend("study-next-legend"),
    detail,
  ];
}
