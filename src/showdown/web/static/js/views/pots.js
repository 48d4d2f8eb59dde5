// Pots: the game, seats with their contributions, hole cards, folds and the button; the pots
// and payouts come back and are announced the way a dealer would (in hi-lo each pot's high and
// low halves). The game, seats and options are remembered across reloads.

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder, isGame } from "../lib/games.js";
import { CardField, picker } from "../lib/picker.js";
import { recall, remember } from "../lib/storage.js";

const NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const MAX_SEATS = 10;

export function mountPots(root) {
  let restoring = false;   // no saving while the kept seats are put back
  const board = new CardField({ label: "Board", max: 5, testid: "pots-board", onChange: () => save() });
  const second = new CardField({ label: "Second board (run it twice)", max: 5, testid: "pots-board-2",
    onChange: () => save() });
  const seats = [];
  const body = el("tbody", { "data-testid": "pots-seats" });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const results = el("div", { class: "results", "data-testid": "pots-results", "aria-live": "polite" });
  const game = gameSelector({ id: "pots-game", testid: "pots-game", onChange: setGame });

  /** Play `name`: each seat holds that game's hole cards; the last results are for another game. */
  function setGame(name) {
    game.select.value = name;
    const holes = gameInfo(name).hole_cards;
    for (const seat of seats) seat.hole.resize(holes, holePlaceholder(holes));
    results.replaceChildren();
    setStatus(status, "");
    picker.refresh();
    save();
  }

  function addSeat(contribution = 100) {
    if (seats.length >= MAX_SEATS) return;
    const index = seats.length;
    const name = el("input", { type: "text", value: NAMES[index], class: "name",
      "aria-label": `Seat ${index + 1} name`, "data-testid": `pots-name-${index}` });
    const chips = el("input", { type: "number", min: "0", step: "1", value: String(contribution), class: "chips",
      "aria-label": `Seat ${index + 1} contribution`, "data-testid": `pots-contribution-${index}` });
    const holes = gameInfo(game.select.value).hole_cards;
    const hole = new CardField({ label: `Seat ${index + 1} hole cards`, max: holes, testid: `pots-hole-${index}`,
      placeholder: holePlaceholder(holes), onChange: () => save() });
    // A folded seat needs no cards: the picker passes over it.
    const folded = el("input", { type: "checkbox", "aria-label": `Seat ${index + 1} folded`,
      "data-testid": `pots-folded-${index}`,
      onchange: () => { row.classList.toggle("folded", folded.checked); picker.refresh(); save(); } });
    const button = el("input", { type: "radio", name: "pots-button", value: String(index), checked: index === 0,
      "aria-label": `Seat ${index + 1} has the button`, "data-testid": `pots-button-${index}`, onchange: save });
    const row = el("tr", {}, el("td", { class: "seat-number" }, String(index + 1)), el("td", {}, name),
      el("td", {}, chips), el("td", {}, hole.element), el("td", { class: "center" }, folded),
      el("td", { class: "center" }, button));
    seats.push({ name, chips, hole, folded, button, row });
    body.append(row);
    picker.refresh();
    save();
  }

  function removeSeat() {
    if (seats.length <= 2) return;
    const seat = seats.pop();
    if (seat.button.checked) seats[0].button.checked = true;
    seat.row.remove();
    picker.refresh();
    save();
  }

  /** Keep the seats, boards and options (as typed) for the next visit. */
  function save() {
    if (restoring) return;
    remember("pots", {
      game: game.select.value, board: board.text, second: second.text, oddChip: oddChip.value, rake: rakePercent.value, cap: rakeCap.value,
      seats: seats.map((seat) => ({ name: seat.name.value, chips: seat.chips.value, hole: seat.hole.text,
        folded: seat.folded.checked, button: seat.button.checked })),
    });
  }

  function restore() {
    const kept = recall("pots", null);
    const list = Array.isArray(kept?.seats) ? kept.seats.slice(0, MAX_SEATS) : [];
    restoring = true;
    if (isGame(kept?.game)) setGame(kept.game);
    while (seats.length < Math.max(2, list.length || 3)) addSeat();
    list.forEach((entry, index) => {
      const seat = seats[index];
      if (typeof entry?.name === "string") seat.name.value = entry.name;
      if (typeof entry?.chips === "string") seat.chips.value = entry.chips;
      if (typeof entry?.hole === "string" && entry.hole) seat.hole.set(entry.hole);
      seat.folded.checked = entry?.folded === true;
      seat.row.classList.toggle("folded", seat.folded.checked);
      if (entry?.button === true) seat.button.checked = true;
    });
    if (typeof kept?.board === "string" && kept.board) board.set(kept.board);
    if (typeof kept?.second === "string" && kept.second) second.set(kept.second);
    if ([...oddChip.options].some((option) => option.value === kept?.oddChip)) oddChip.value = kept.oddChip;
    if (typeof kept?.rake === "string") rakePercent.value = kept.rake;
    if (typeof kept?.cap === "string") rakeCap.value = kept.cap;
    restoring = false;
    picker.refresh();
    save();
  }

  function request() {
    const button = seats.findIndex((seat) => seat.button.checked);
    const data = {
      game: game.select.value,
      board: board.text,
      seats: seats.map((seat) => ({
        name: seat.name.value.trim(),
        contribution: Number(seat.chips.value || 0),
        hole: seat.hole.text || null,
        folded: seat.folded.checked,
      })),
      button: Math.max(0, button),
      odd_chip: oddChip.value,
      rake: rakePercent.value && Number(rakePercent.value) > 0
        ? { percent: rakePercent.value, cap: rakeCap.value ? Number(rakeCap.value) : null } : null,
    };
    if (second.text) {  // run twice: the library finds the cards the two boards share
      data.boards = [board.text, second.text];
      data.board = "";
    }
    return data;
  }

  async function run() {
    setStatus(status, "");
    const problem = await fieldProblem([...seats.map((seat) => seat.hole), board, second]);
    if (problem) {
      results.replaceChildren();
      setStatus(status, problem);
      return;
    }
    try {
      render(await api("POST", "/settle", request()));
    } catch (error) {
      results.replaceChildren();
      setStatus(status, error.message);
    }
  }

  function render(settlement) {
    const signed = (n) => (n > 0 ? `+${n}` : String(n));
    // A split pot lists each share; a single winner just the name; in hi-lo who won each half.
    const winners = (pot) => (pot.shares.length > 1
      ? pot.shares.map((share) => `${share.name} ${share.chips}`).join(", ") : pot.winners.join(", "));
    const halves = (pot) => (gameInfo(settlement.game).low
      ? el("span", { class: "pot-halves", "data-testid": "pots-halves" },
        `high: ${pot.high_winners.join(", ")}`
        + (pot.low_winners.length ? ` \u00b7 low: ${pot.low_winners.join(", ")}` : " \u00b7 no low"))
      : null);
    results.replaceChildren(
      el("div", { class: "panel dealer" },
        el("h3", {}, "The dealer announces"),
        el("ol", { class: "announcement", "data-testid": "pots-announcement" },
          settlement.announcement.map((line) => el("li", {}, line))),
        el("div", { class: "pot-chips" }, settlement.pots.map((pot, index) => el("div", { class: "pot-chip" },
          el("span", { class: "pot-title" }, pot.title),
          el("span", { class: "pot-amount" }, String(pot.amount)),
          el("span", { class: "pot-winners" }, winners(pot)), halves(pot))))),
      el("table", { class: "numbers payouts", "data-testid": "pots-payouts" },
        el("thead", {}, el("tr", {}, ["Seat", "Put in", "Returned", "Won", "Net"].map((h) => el("th", {}, h)))),
        el("tbody", {}, settlement.seats.map((seat) => el("tr", {},
          el("th", {}, seat.name), el("td", {}, String(seat.contribution)), el("td", {}, String(seat.returned)),
          el("td", {}, String(seat.payout)),
          el("td", { class: seat.net > 0 ? "gain" : seat.net < 0 ? "loss" : "" }, signed(seat.net)))))));
  }

  const oddChip = el("select", { id: "pots-odd-chip", "data-testid": "pots-odd-chip" },
    el("option", { value: "one-each-from-button" }, "one at a time from the button"),
    el("option", { value: "all-to-first-from-button" }, "all to the first from the button"));
  const rakePercent = el("input", { id: "pots-rake", type: "number", min: "0", max: "100", step: "0.5",
    placeholder: "0", class: "chips" });
  const rakeCap = el("input", { id: "pots-rake-cap", type: "number", min: "0", step: "1", placeholder: "none",
    class: "chips" });

  root.append(
    el("div", { class: "panel" },
      el("h2", {}, "Pots"),
      el("p", { class: "hint" }, "Every chip each seat put in (blinds and antes too), who folded, and the "
        + "button. Seats without cards must have folded, unless everyone else did. In hi-lo each pot is split "
        + "between the best high and the best qualifying low."),
      game.element,
      el("div", { class: "table-scroll" },
        el("table", { class: "seats" },
          el("thead", {}, el("tr", {}, ["#", "Name", "Put in", "Hole cards", "Folded", "Button"]
            .map((h) => el("th", { scope: "col" }, h)))),
          body)),
      board.element, second.element,
      el("div", { class: "options" },
        el("label", { for: "pots-odd-chip" }, "Odd chips"), oddChip,
        el("label", { for: "pots-rake" }, "Rake %"), rakePercent,
        el("label", { for: "pots-rake-cap" }, "Rake cap"), rakeCap),
      el("div", { class: "actions" },
        el("button", { type: "button", onclick: () => addSeat(), "data-testid": "pots-add" }, "Add seat"),
        el("button", { type: "button", onclick: removeSeat, "data-testid": "pots-remove" }, "Remove seat"),
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "pots-run" }, "Settle")),
      status),
    results);
  for (const input of [oddChip, rakePercent, rakeCap]) input.addEventListener("change", save);
  root.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(root, run);
  restore();
  return { fields: () => [...seats.filter((s) => !s.folded.checked || s.hole.cards.length).map((s) => s.hole),
    board, second], game: () => game.select.value };
}
