// The 52 cards as the server describes them (GET /api/cards), loaded once at start-up.
// Each is {card: "As", id, rank: "A", suit: "s", name: "Ace of spades", pretty: "A♠"}.

import { api } from "./api.js";

let cards = [];
const byText = new Map();

/** Load the deck; the views are mounted after this resolves. */
export async function loadDeck() {
  cards = (await api("GET", "/cards")).cards;
  for (const card of cards) byText.set(card.card, card);
}

/** All 52 cards in id order, as their text ("2c" ... "As"). */
export function deck() {
  return cards.map((card) => card.card);
}

/** The server's description of a card given as its text. */
export function cardInfo(text) {
  const card = byText.get(text);
  if (!card) throw new Error(`unknown card ${text}`);
  return card;
}
