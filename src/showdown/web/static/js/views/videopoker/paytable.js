// The Video poker view's pay table: a row per paid hand, a column per bet (payouts[i] is for
// i + 1 coins), the bet played and the row of the final hand lit.

import { el } from "../../lib/api.js";

/** Fill the table `element` with the pay table `t` for a bet of `coins`, its caption and the row `hitKey` lit. */
export function fillPaytable(element, t, { coins, caption, hitKey = null }) {
  // The widest payout's digits: a pay table of your own can have much wider numbers (see style.css).
  const digits = Math.max(...t.rows.flatMap((row) => row.payouts.map((pay) => String(pay).length)));
  element.dataset.digits = String(Math.min(digits, 7));
  element.replaceChildren(
    el("caption", {}, caption),
    el("thead", {}, el("tr", {}, el("th", {}, "Hand"),
      t.rows[0].payouts.map((_, i) => el("th", { class: i + 1 === coins ? "bet" : "" }, `${i + 1}`)))),
    el("tbody", {}, t.rows.map((row) => el("tr", { class: row.key === hitKey ? "hit" : "", "data-key": row.key },
      el("th", {}, row.label),
      row.payouts.map((pay, i) => el("td", { class: i + 1 === coins ? "bet" : "" }, String(pay)))))));
}
