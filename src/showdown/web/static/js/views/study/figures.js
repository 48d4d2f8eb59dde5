// How the Study view writes and colours its figures: equities, combo counts, the colour scale
// of equity (grid, bars and heat map) and its legend.

import { el, percent } from "../../lib/api.js";

/** The colour of an equity: red at 0, yellow at one half, green at 1. */
export function equityColour(equity) {
  const hue = Math.round(120 * Math.min(1, Math.max(0, equity)));
  return `hsl(${hue} 68% 66%)`;
}

/** The colour scale as a CSS gradient, for the legends. */
function scaleGradient() {
  const stops = Array.from({ length: 11 }, (_, i) => `${equityColour(i / 10)} ${i * 10}%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

/** A legend of the colour scale: "0%", the gradient, "100%". */
export function legend(testid) {
  return el("div", { class: "study-legend", "data-testid": testid },
    el("span", {}, "equity 0%"),
    el("span", { class: "study-scale", style: `background: ${scaleGradient()}`, "aria-hidden": "true" }),
    el("span", {}, "100%"));
}

/** A weighted combo count: 30 -> "30", 10.5 -> "10.5" (hundredths at most). */
export function combosText(count) {
  return String(Math.round(count * 100) / 100);
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** An equity as the page writes it, or a dash when there is none (no villain hand meets it). */
export function equityText(equity, digits = 1) {
  return equity === null || equity === undefined ? "\u2013" : percent(equity, digits);
}
