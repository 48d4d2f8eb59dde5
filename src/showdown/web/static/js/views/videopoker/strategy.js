// The Video poker view's strategy list of the game and bet (POST /api/videopoker/strategy): the
// cost of playing by it and its lines in order, each with how often it is played; the lines of
// the latest judged hand lit (the best hold's, and the player's when it is another one).
// Printable as a one-page card.

import { api, el, percent } from "../../lib/api.js";

/** How often a line is played, as a percent of all deals: more digits for the rare lines. */
function frequencyText(fraction) {
  const value = 100 * fraction;
  return `${value.toFixed(value >= 1 ? 1 : value >= 0.01 ? 2 : 4)}%`;
}

/** "Jacks or Better 9/6, 5 coins: strategy". */
function titleText(title, coins) {
  return `${title}, ${coins} coin${coins > 1 ? "s" : ""}: strategy`;
}

export class StrategyList {
  constructor() {
    this.asked = 0;          // the latest request; older answers are dropped
    this.key = null;         // what the list shown (or on its way) is for: table and coins
    this.onItsWay = null;    // the request on its way (one at a time)
    this.controller = null;  // withdraws it when another game is chosen
    this.lit = null;         // {best, hold}: the lines of the latest judged hand
    this.title = el("h3", { "data-testid": "vp-strategy-title" }, "Strategy list");
    this.status = el("p", { class: "hint", "data-testid": "vp-strategy-status", role: "status" });
    this.cost = el("p", { class: "vp-strategy-cost", "data-testid": "vp-strategy-cost", hidden: true });
    this.list = el("ol", { class: "vp-lines", "data-testid": "vp-strategy-lines" });
    this.printButton = el("button", { type: "button", class: "small", "data-testid": "vp-strategy-print",
      disabled: true, onclick: () => window.print() }, "Print the list");
    this.element = el("div", { class: "panel vp-strategy", "data-testid": "vp-strategy" },
      el("div", { class: "vp-strategy-head" }, this.title, this.printButton),
      this.status, this.cost,
      el("p", { class: "hint vp-strategy-hint" }, "Hold by the first line the deal fits. How often: the share of all "
        + "deals played by the line."),
      this.list);
  }

  /** A pay table of your own that the server has not read yet: no list can be derived for it. */
  waitForTable() {
    this.asked += 1;   // an answer for an earlier table is dropped
    this.withdraw();
    this.key = null;
    this.showNone("Your pay table's list comes once the server has read the table (Use this table).");
  }

  /**
   * Load the list of `body` ({paytable, coins}; `title`: the table's), unless it is the one shown
   * or on its way. One request at a time: the list of a game no longer chosen is withdrawn (the
   * server stops deriving it), and only the latest game is then asked for.
   */
  async load(body, title) {
    const key = JSON.stringify(body);
    if (key === this.key) return;
    this.key = key;
    const asking = ++this.asked;
    this.lit = null;
    this.showNone("Deriving the list: every deal's holds, exactly (a few seconds the first time)...");
    this.title.textContent = titleText(title, body.coins);
    this.element.setAttribute("aria-busy", "true");
    // A moment's grace: going through the games with the keyboard asks only for the one chosen.
    await new Promise((resolve) => { setTimeout(resolve, 250); });
    if (asking !== this.asked) return;
    this.withdraw();
    for (let attempt = 1; ; attempt += 1) {
      while (this.onItsWay) {
        await this.onItsWay.catch(() => null);
        if (asking !== this.asked) return;
      }
      this.controller = new AbortController();
      this.onItsWay = api("POST", "/videopoker/strategy", body, { signal: this.controller.signal });
      try {
        const data = await this.onItsWay;
        if (asking !== this.asked) return;
        this.draw(data);
      } catch (error) {
        if (asking !== this.asked) return;
        if (error.status === 503 && attempt < 5) {   // busy: ask again in a moment
          await new Promise((resolve) => { setTimeout(resolve, 2000); });
          if (asking !== this.asked) return;
          continue;
        }
        this.key = null;   // choosing the game again asks again
        this.showNone(error.message, "error");
      } finally {
        this.onItsWay = null;
        if (asking === this.asked) this.element.removeAttribute("aria-busy");
      }
      return;
    }
  }

  /** Withdraw the request on its way, if any: its list is no longer wanted. */
  withdraw() {
    if (this.controller) this.controller.abort();
    this.controller = null;
  }

  showNone(message, kind = "working") {
    this.status.textContent = message;
    this.status.className = kind === "error" ? "status error" : "hint";
    this.status.hidden = false;
    this.status.dataset.kind = kind;
    this.cost.hidden = true;
    this.list.replaceChildren();
    this.printButton.disabled = true;
  }

  draw(data) {
    this.title.textContent = titleText(data.paytable.title, data.coins);
    this.status.hidden = true;
    this.status.textContent = "";
    this.cost.hidden = false;
    this.cost.textContent = `${data.lines.length} lines; playing by the list returns `
      + `${percent(data.expected_return, 4)}, perfect play ${percent(data.perfect_return, 4)}, `
      + `cost ${(100 * data.cost).toFixed(4)} points`;
    this.list.replaceChildren(...data.lines.map((line) => el("li", { "data-line": String(line.number) },
      el("span", { class: "vp-line-number" }, String(line.number)),
      el("span", { class: "vp-line-words" }, line.words),
      el("span", { class: "vp-line-frequency", title: "How often: the share of all deals played by this line" },
        frequencyText(line.frequency)))));
    this.printButton.disabled = false;
    this.light();
  }

  /** The lines of a judged hand (advice before the draw, or a drawn hand), or none (null). */
  judged(data) {
    this.lit = data && { best: data.best_line, hold: data.mistake ? data.hold_line : null };
    this.light();
  }

  /** Light the best hold's line in the list, and the player's when it is another one. */
  light() {
    for (const item of this.list.children) item.classList.remove("best", "yours");
    if (!this.lit) return;
    const item = (line) => (line && line.number !== null
      ? this.list.querySelector(`li[data-line="${line.number}"]`) : null);
    const best = item(this.lit.best);
    const yours = this.lit.hold && this.lit.hold.number !== this.lit.best.number ? item(this.lit.hold) : null;
    if (yours) yours.classList.add("yours");
    if (best) {
      best.classList.add("best");
      // The list scrolls on its own (not the page) to show the line (the list is its offset parent).
      const top = best.offsetTop;
      if (top < this.list.scrollTop || top + best.offsetHeight > this.list.scrollTop + this.list.clientHeight) {
        this.list.scrollTop = Math.max(0, top - this.list.clientHeight / 3);
      }
    }
  }
}
