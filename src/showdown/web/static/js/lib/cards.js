// The card faces, drawn as SVG by the project itself.
//
// A card is its text ("As", "Td"); its rank and suit letters and its name come from the deck
// the server sent (lib/deck.js). Faces are built on a 200 x 280 canvas: rank and suit in two
// corners, pips for 2 to 10, one large suit for an ace, and a framed emblem (crown, tiara, cap)
// for the court cards. The joker of Joker Poker ("Jk", not one of the 52) has no rank and no
// suit: JOKER down two corners and a jester's cap over a star in the frame.

import { cardInfo } from "./deck.js";

// Four colours, so that a flush reads at a glance: black spades, red hearts,
// blue diamonds, green clubs.
const SUIT_COLOURS = { s: "#1b1b1f", h: "#c62828", d: "#1558b0", c: "#2e7d32" };
const SUIT_TINTS = { s: "#ececf1", h: "#fbe9e9", d: "#e7eefa", c: "#e8f3e8" };
// The joker's own colours: purple, apart from the four suits, with gold.
const JOKER_COLOUR = "#6a1b9a";
const JOKER_TINT = "#f3eaf8";
const GOLD = "#e0b020";
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

/** The joker's text in deals, holds and finals. */
export const JOKER = "Jk";

/** A card's name in words ("Ace of spades", "Joker"). */
export function cardName(card) {
  return card === JOKER ? "Joker" : cardInfo(card).name;
}

/** The rank as printed in a corner: "10" for a ten. */
function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

// ---------------------------------------------------------------------------------------
// Suit shapes: paths in a 100 x 100 box.

const SUIT_PATHS = {
  h: "M50 92C22 68 3 50 3 29C3 13 15 3 29 3C40 3 47 10 50 18C53 10 60 3 71 3C85 3 97 13 97 29"
    + "C97 50 78 68 50 92Z",
  d: "M50 2C60 18 74 36 90 50C74 64 60 82 50 98C40 82 26 64 10 50C26 36 40 18 50 2Z",
  s: "M50 2C38 18 4 38 4 62C4 77 15 86 28 86C37 86 44 82 47 76C46 86 41 93 31 98H69"
    + "C59 93 54 86 53 76C56 82 63 86 72 86C85 86 96 77 96 62C96 38 62 18 50 2Z",
  c: "M50 4A21 21 0 0 0 35 40A21 21 0 1 0 46 72C45 84 40 92 31 98H69C60 92 55 84 54 72"
    + "A21 21 0 1 0 65 40A21 21 0 0 0 50 4Z",
};

/** An SVG <path> of a suit, centred on (x, y), `size` wide; rotated half a turn if `flip`. */
function suitShape(suit, x, y, size, flip = false) {
  const scale = size / 100;
  const turn = flip ? ` rotate(180 50 50)` : "";
  return `<path d="${SUIT_PATHS[suit]}" fill="${SUIT_COLOURS[suit]}" `
    + `transform="translate(${x - size / 2} ${y - size / 2}) scale(${scale})${turn}"/>`;
}

// Pip centres for 2 to 10, on the 200 x 280 card: three columns, rows from 62 to 218.
const L = 64, C = 100, R = 136;
const PIPS = {
  2: [[C, 62], [C, 218]],
  3: [[C, 62], [C, 140], [C, 218]],
  4: [[L, 62], [R, 62], [L, 218], [R, 218]],
  5: [[L, 62], [R, 62], [C, 140], [L, 218], [R, 218]],
  6: [[L, 62], [R, 62], [L, 140], [R, 140], [L, 218], [R, 218]],
  7: [[L, 62], [R, 62], [C, 101], [L, 140], [R, 140], [L, 218], [R, 218]],
  8: [[L, 62], [R, 62], [C, 101], [L, 140], [R, 140], [C, 179], [L, 218], [R, 218]],
  9: [[L, 62], [R, 62], [L, 114], [R, 114], [C, 140], [L, 166], [R, 166], [L, 218], [R, 218]],
  T: [[L, 62], [R, 62], [C, 88], [L, 114], [R, 114], [L, 166], [R, 166], [C, 192], [L, 218], [R, 218]],
};

// Court emblems, drawn around (0, 0), about 80 wide.
const EMBLEMS = {
  // A crown with three points and jewels.
  K: (colour) => `<path d="M-40 22V-14L-20 4L0-28L20 4L40-14V22Z" fill="${colour}"/>`
    + `<rect x="-40" y="24" width="80" height="9" rx="2" fill="${colour}"/>`
    + `<circle cx="0" cy="-31" r="6" fill="#e0b020"/><circle cx="-40" cy="-17" r="5" fill="#e0b020"/>`
    + `<circle cx="40" cy="-17" r="5" fill="#e0b020"/><circle cx="0" cy="8" r="6" fill="#fff"/>`,
  // A tiara: a band of arches with pearls.
  Q: (colour) => `<path d="M-40 24Q-40-4-26 2Q-14-22 0-6Q14-22 26 2Q40-4 40 24Z" fill="${colour}"/>`
    + `<circle cx="-26" cy="-4" r="5" fill="#fff" stroke="${colour}" stroke-width="2"/>`
    + `<circle cx="0" cy="-16" r="6" fill="#fff" stroke="${colour}" stroke-width="2"/>`
    + `<circle cx="26" cy="-4" r="5" fill="#fff" stroke="${colour}" stroke-width="2"/>`
    + `<path d="M-30 14H30" stroke="#fff" stroke-width="3" stroke-dasharray="4 5"/>`,
  // A page's cap with a feather.
  J: (colour) => `<path d="M-36 24L-28-2Q0-16 28-2L36 24Z" fill="${colour}"/>`
    + `<path d="M10-8Q24-40 40-36Q30-26 20-4Z" fill="#e0b020" stroke="${colour}" stroke-width="2"/>`
    + `<rect x="-36" y="20" width="72" height="8" rx="2" fill="#fff" stroke="${colour}" stroke-width="2"/>`,
};

/** One corner index: rank over a small suit. */
function cornerIndex(rank, suit, flip) {
  const colour = SUIT_COLOURS[suit];
  const label = rankLabel(rank);
  const group = `<text x="24" y="44" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" `
    + `font-weight="700" font-size="${label.length > 1 ? 33 : 40}" letter-spacing="${label.length > 1 ? -3 : 0}" `
    + `fill="${colour}">${label}</text>` + suitShape(suit, 24, 66, 28);
  return flip ? `<g transform="rotate(180 100 140)">${group}</g>` : group;
}

/** The middle of a court card: a tinted frame, the emblem and a suit, mirrored below. */
function courtFace(rank, suit) {
  const colour = SUIT_COLOURS[suit];
  const half = `<g transform="translate(100 82)">${EMBLEMS[rank](colour)}</g>`
    + suitShape(suit, 100, 125, 20);
  return `<rect x="46" y="36" width="108" height="208" rx="8" fill="${SUIT_TINTS[suit]}" `
    + `stroke="${colour}" stroke-width="3"/>`
    + `<path d="M46 140H154" stroke="${colour}" stroke-width="1.5" opacity=".5"/>`
    + half + `<g transform="rotate(180 100 140)">${half}</g>`;
}

/** A five-pointed star's points, centred on (x, y), `outer` and `inner` radii. */
function starPoints(x, y, outer, inner) {
  return Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 ? inner : outer;
    const angle = (Math.PI * i) / 5 - Math.PI / 2;
    return `${(x + radius * Math.cos(angle)).toFixed(1)},${(y + radius * Math.sin(angle)).toFixed(1)}`;
  }).join(" ");
}

/** JOKER down a corner, a letter a line; turned half round for the opposite corner. */
function jokerIndex(flip) {
  const letters = [..."JOKER"].map((letter, i) => `<text x="24" y="${42 + 25 * i}" text-anchor="middle" `
    + `font-family="${FONT}" font-weight="700" font-size="24" fill="${JOKER_COLOUR}">${letter}</text>`).join("");
  return flip ? `<g transform="rotate(180 100 140)">${letters}</g>` : letters;
}

/** The middle of the joker: a tinted frame, a jester's cap with three bells over a star. */
function jokerFace() {
  const cap = `<path d="M-34 16Q-38-6-50-24Q-26-18-16 2Q-10-26 0-46Q10-26 16 2Q26-18 50-24Q38-6 34 16Z" `
    + `fill="${JOKER_COLOUR}"/>`
    + `<path d="M0-46Q10-26 16 2Q8-4 0-2Z" fill="#c62828"/><path d="M0-46Q-10-26-16 2Q-8-4 0-2Z" fill="#9c4dcc"/>`
    + `<rect x="-36" y="14" width="72" height="12" rx="3" fill="${GOLD}"/>`
    + `<path d="M-30 20H30" stroke="#fff" stroke-width="3" stroke-dasharray="4 5"/>`
    + [[-50, -24], [0, -46], [50, -24]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="${GOLD}" `
      + `stroke="${JOKER_COLOUR}" stroke-width="2"/>`).join("");
  return `<rect x="46" y="36" width="108" height="208" rx="8" fill="${JOKER_TINT}" stroke="${JOKER_COLOUR}" `
    + `stroke-width="3"/>`
    + `<g transform="translate(100 112)">${cap}</g>`
    + `<polygon points="${starPoints(100, 186, 34, 14)}" fill="${GOLD}" stroke="${JOKER_COLOUR}" stroke-width="3" `
    + `stroke-linejoin="round"/>`;
}

/** The joker's face: no rank, no suit. */
function jokerSVG(title) {
  return `<svg class="card-face card-joker" viewBox="0 0 200 280" xmlns="http://www.w3.org/2000/svg" role="img"`
    + ` data-card="${JOKER}">${title ? "<title>Joker</title>" : ""}`
    + `<rect x="2" y="2" width="196" height="276" rx="14" fill="#fff" stroke="#9aa0a8" stroke-width="3"/>`
    + jokerFace() + jokerIndex(false) + jokerIndex(true) + `</svg>`;
}

/** The SVG markup of a card face (a string); `title` adds an accessible name. */
export function cardSVG(card, { title = true } = {}) {
  if (card === JOKER) return jokerSVG(title);
  const { rank, suit, name } = cardInfo(card);
  let middle;
  if (rank === "A") middle = suitShape(suit, 100, 140, 92);
  else if (PIPS[rank]) middle = PIPS[rank].map(([x, y]) => suitShape(suit, x, y, 34, y > 140)).join("");
  else middle = courtFace(rank, suit);
  return `<svg class="card-face" viewBox="0 0 200 280" xmlns="http://www.w3.org/2000/svg" role="img"`
    + ` data-card="${card}">${title ? `<title>${name}</title>` : ""}`
    + `<rect x="2" y="2" width="196" height="276" rx="14" fill="#fff" stroke="#9aa0a8" stroke-width="3"/>`
    + middle + cornerIndex(rank, suit, false) + cornerIndex(rank, suit, true) + `</svg>`;
}

/** A compact face for the picker: a big rank over a big suit, readable at 30 pixels. */
export function miniCardSVG(card) {
  if (card === JOKER) {
    return `<svg class="card-mini card-joker" viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true"`
      + ` data-card="${JOKER}">`
      + `<rect x="1" y="1" width="58" height="78" rx="7" fill="#fff" stroke="#9aa0a8" stroke-width="2"/>`
      + [..."JOKER"].map((letter, i) => `<text x="11" y="${17 + 14 * i}" text-anchor="middle" font-family="${FONT}" `
        + `font-weight="700" font-size="13" fill="${JOKER_COLOUR}">${letter}</text>`).join("")
      + `<polygon points="${starPoints(37, 42, 17, 7)}" fill="${GOLD}" stroke="${JOKER_COLOUR}" stroke-width="2" `
      + `stroke-linejoin="round"/>`
      + `</svg>`;
  }
  const { rank, suit } = cardInfo(card);
  const label = rankLabel(rank);
  return `<svg class="card-mini" viewBox="0 0 60 80" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">`
    + `<rect x="1" y="1" width="58" height="78" rx="7" fill="#fff" stroke="#9aa0a8" stroke-width="2"/>`
    + `<text x="30" y="37" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" `
    + `font-weight="700" font-size="${label.length > 1 ? 28 : 32}" letter-spacing="${label.length > 1 ? -3 : 0}" `
    + `fill="${SUIT_COLOURS[suit]}">${label}</text>`
    + `<g transform="translate(14 42) scale(.32)"><path d="${SUIT_PATHS[suit]}" fill="${SUIT_COLOURS[suit]}"/></g>`
    + `</svg>`;
}

/** The back of a card: a lattice in the project's green. */
let backs = 0;
export function backSVG() {
  backs += 1;
  const id = `lattice-${backs}`;
  return `<svg class="card-face card-back" viewBox="0 0 200 280" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">`
    + `<defs><pattern id="${id}" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
    + `<rect width="16" height="16" fill="#1f5f46"/><path d="M0 8H16M8 0V16" stroke="#3f8a6a" stroke-width="3"/>`
    + `</pattern></defs>`
    + `<rect x="2" y="2" width="196" height="276" rx="14" fill="#fff" stroke="#9aa0a8" stroke-width="3"/>`
    + `<rect x="14" y="14" width="172" height="252" rx="8" fill="url(#${id})"/>`
    + `<g transform="translate(70 110) scale(.6)"><path d="${SUIT_PATHS.s}" fill="#f3efe2"/></g>`
    + `</svg>`;
}
