// The Video poker view's editor of a pay table of your own: start from a named table, choose
// the wild cards, change what each hand pays a coin, then use it (the server reads it and says
// what is wrong with it in the library's words).

import { el, setStatus } from "../../lib/api.js";
import { submitOnEnter } from "../../lib/forms.js";
import { wildCards } from "../../lib/limits.js";
import { WILD_WORDS, customTemplate, namedTable, readPays } from "./state.js";

export class CustomEditor {
  /** `use()`: the table typed is to be played. */
  constructor({ use }) {
    this.tables = [];   // the named pay tables from the server
    this.baseSelect = el("select", { id: "vp-custom-base", "data-testid": "vp-custom-base", onchange: () => {
      const base = namedTable(this.tables, this.baseSelect.value);
      this.wildSelect.value = base.wild;   // a wild game's base brings its wild cards
      this.drawRows(base.pays);
    } });
    // Other wild cards: the hands of that game, paid as its first named game pays them, except
    // for the pays typed here already.
    this.wildSelect = el("select", { id: "vp-custom-wild", "data-testid": "vp-custom-wild", onchange: () => {
      const typed = Object.fromEntries([...this.rows.querySelectorAll("input[data-edited]")]
        .map((input) => [input.dataset.key, input.value]));
      this.drawRows({ ...this.template().pays, ...typed }, new Set(Object.keys(typed)));
    } }, wildCards().map((wild) => el("option", { value: wild }, WILD_WORDS[wild] ?? wild)));
    this.rows = el("div", { class: "vp-custom-rows" });
    this.status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "vp-custom-status" });
    this.element = el("div", { class: "panel vp-custom", "data-testid": "vp-custom", hidden: true },
      el("h3", {}, "Your pay table"),
      el("p", { class: "hint" }, "What each hand pays for one coin. Start from a game, change the numbers, then use it."),
      el("div", { class: "options" }, el("label", { for: "vp-custom-base" }, "Start from"), this.baseSelect,
        el("label", { for: "vp-custom-wild" }, "Wild cards"), this.wildSelect),
      this.rows, this.status,
      el("div", { class: "actions" },
        el("button", { type: "button", class: "primary", "data-testid": "vp-custom-use", onclick: use },
          "Use this table")));
    submitOnEnter(this.element, use);
  }

  /** The named table started from. */
  get base() { return this.baseSelect.value; }

  /** The named tables the editor starts from. */
  setTables(tables) {
    this.tables = tables;
    this.baseSelect.replaceChildren(...tables.map((t) => el("option", { value: t.name }, t.title)));
  }

  /** The hands the table being edited pays (see customTemplate). */
  template() {
    return customTemplate(this.tables, this.baseSelect.value, this.wildSelect.value);
  }

  /**
   * Start a table from the named `base`, with `pays` kept from before (else the base's) and the
   * `wild` cards kept (else the base's): the custom table {base, wild, pays, table: null}.
   */
  start(base, pays = null, wild = null) {
    this.baseSelect.value = base;
    const named = namedTable(this.tables, base);
    this.wildSelect.value = wildCards().includes(wild) ? wild : named.wild;
    const custom = { base, wild: this.wildSelect.value, pays: pays || { ...named.pays }, table: null };
    this.drawRows(custom.pays);
    return custom;
  }

  /**
   * A row per hand of the game, showing `pays` (`typed`: the keys typed here, kept when the wild
   * cards change).
   */
  drawRows(pays, typed = new Set()) {
    this.rows.replaceChildren(...this.template().rows.filter((row) => row.key in pays || row.pay).map((row) =>
      el("label", {},
        el("span", {}, row.label),
        el("input", { type: "text", inputmode: "numeric", "data-key": row.key, "data-edited": typed.has(row.key),
          "data-testid": `vp-custom-pay-${row.key}`, value: String(row.key in pays ? pays[row.key] : row.pay),
          oninput: (event) => { event.target.dataset.edited = "true"; } }))));
  }

  /** The table typed, {base, wild, pays, table: null}; null after saying which pay is wrong. */
  read() {
    const inputs = [...this.rows.querySelectorAll("input")];
    const { pays, problem, index } = readPays(inputs.map((input) => ({ key: input.dataset.key,
      label: input.previousElementSibling.textContent, text: input.value.trim() })));
    if (problem) {
      setStatus(this.status, problem);
      inputs[index].focus();
      return null;
    }
    return { base: this.baseSelect.value, wild: this.wildSelect.value, pays, table: null };
  }
}
