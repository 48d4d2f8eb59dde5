// The Study view's equity distribution: for each range a falling step line from its strongest
// combo (x = 0) to its weakest (x = 100%); a point (x, y) says that a share x of the range has
// at least the equity y. Drawn as SVG, with a key under the chart.

import { el } from "../../lib/api.js";
import { equityText } from "./figures.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const FRAME = { width: 440, height: 270, left: 52, right: 14, top: 14, bottom: 44 };   // the chart's frame
const TICKS = [0, 0.25, 0.5, 0.75, 1];

/** An SVG element: svg("path", {d: "M0 0"}, children...). */
function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== undefined && value !== null) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The key of a range: its swatch and its whole equity. */
function key(who, label, equity) {
  return el("span", { class: `study-key ${who}` },
    el("span", { class: "study-swatch", "aria-hidden": "true" }), `${label} ${equityText(equity)}`);
}

/** The chart and its key, for the hero's `equities` and the villain's (null when there are none). */
export function equityCurve(equities, villainEquities) {
  const { width, height, left, right, top, bottom } = FRAME;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const x = (share) => (left + share * plotWidth).toFixed(2);
  const y = (equity) => (top + (1 - equity) * plotHeight).toFixed(2);
  const grid = TICKS.flatMap((tick) => [
    svg("line", { class: "study-gridline", x1: x(tick), x2: x(tick), y1: y(0), y2: y(1) }),
    svg("line", { class: "study-gridline", x1: x(0), x2: x(1), y1: y(tick), y2: y(tick) }),
    svg("text", { class: "study-tick", x: x(tick), y: (top + plotHeight + 16).toFixed(2), "text-anchor": "middle" },
      `${100 * tick}%`),
    svg("text", { class: "study-tick", x: (left - 6).toFixed(2), y: y(tick), "text-anchor": "end",
      "dominant-baseline": "middle" }, `${100 * tick}%`),
  ]);
  const line = (points, who) => {
    const known = points.filter(([equity]) => equity !== null);
    if (!known.length) return null;
    // From x = 0 at the best equity, along to each point's share, then down to the next equity.
    const steps = [`M${x(0)} ${y(known[0][0])}`];
    known.forEach(([equity, share], index) => {
      if (index) steps.push(`L${x(known[index - 1][1])} ${y(equity)}`);
      steps.push(`L${x(share)} ${y(equity)}`);
    });
    return svg("path", { class: `study-line ${who}`, d: steps.join(" "), "data-testid": `study-curve-${who}` });
  };
  const chart = svg("svg", { class: "study-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "Equity distribution of the hero and villain ranges" },
  svg("rect", { class: "study-plot", x: left, y: top, width: plotWidth, height: plotHeight,
    "data-testid": "study-plot" }),
  grid,
  svg("text", { class: "study-axis", x: (left + plotWidth / 2).toFixed(2), y: height - 6, "text-anchor": "middle" },
    "share of the range, strongest first"),
  svg("text", { class: "study-axis", transform: `translate(12 ${(top + plotHeight / 2).toFixed(2)}) rotate(-90)`,
    "text-anchor": "middle" }, "equity"),
  line(equities.distribution, "hero"),
  villainEquities ? line(villainEquities.distribution, "villain") : null);
  // The key goes under the chart, where no line can run through it.
  return [chart, el("p", { class: "study-keys" }, key("hero", "Hero", equities.equity),
    villainEquities ? key("villain", "Villain", villainEquities.equity) : null)];
}
