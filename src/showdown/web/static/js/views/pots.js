// Pots: the game, seats with their contributions, hole cards, folds and the button (as many
// seats and the odd-chip rules as the library takes, lib/limits.js); the pots and payouts come
// back and are announced the way a dealer would (in hi-lo each pot's high and low halves). The
// game, seats and options are remembered across reloads (see pots/state.js); the answer is drawn
// by pots/results.js.

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder } from "../lib/games.js";
import { oddChipRules, seatLimits } from "../lib/limits.js";
import { CardField, picker } from "../lib/picker.js";
import { SeatList, seatName } from "../lib/seats.js";
import { recall, remember } from "../lib/storage.js";
import { settlementResults } from "./pots/results.js";
import { FRESH_CONTRIBUTION, FRESH_SEATS, STORAGE_KEY, keptShape, readKept, settleRequest } from "./pots/state.js";

/** The page's words for the odd-chip rules the server offers (a rule without words shows its name). */
const ODD_CHIP_WORDS = {
  "one-each-from-button": "one at a time from the button",
  "all-to-first-from-button": "all to the first from the button",
};

export function mountPots(root) {
  let restoring = false;   // no saving while the kept seats are put back
  const board = new CardField({ label: "Board", max: 5, testid: "pots-board", onChange: () => save() });
  const second = new CardField({ label: "Second board (run it twice)", max: 5, testid: "pots-board-2",
    onChange: () => save() });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const results = el("div", { class: "results", "data-testid": "pots-results", "aria-live": "polite" });
  const game = gameSelector({ id: "pots-game", testid: "pots-game", onChange: setGame });
  const seats = new SeatList({
    container: el("tbody", { "data-testid": "pots-seats" }),
    limits: seatLimits("pots"),
    add: { text: "Add seat", testid: "pots-add" },
    remove: { text: "Remove seat", testid: "pots-remove" },
    build: seatAt,
    // The button cannot leave with its seat: it goes to the first seat.
    removed: (seat) => { if (seat.button.checked) seats.seats[0].button.checked = true; },
    changed: () => save(),
  });

  /** The seat at `index`: a name, the chips put in, the hole cards, folded, the button. */
  function seatAt(index) {
    const name = el("input", { type: "text", value: seatName(index), class: "name",
      "aria-label": `Seat ${index + 1} name`, "data-testid": `pots-name-${index}` });
    const chips = el("input", { type: "number", min: "0", step: "1", value: String(FRESH_CONTRIBUTION), class: "chips",
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
    return { name, chips, hole, folded, button, row };
  }

  /** Play `name`: each seat holds that game's hole cards; the last results are for another game. */
  function setGame(name) {
    game.select.value = name;
    const holes = gameInfo(name).hole_cards;
    for (const seat of seats.seats) seat.hole.resize(holes, holePlaceholder(holes));
    results.replaceChildren();
    setStatus(status, "");
    picker.refresh();
    save();
  }

  /** The inputs as plain values, as typed. */
  function table() {
    return {
      game: game.select.value, board: board.text, second: second.text, oddChip: oddChip.value,
      rake: rakePercent.value, cap: rakeCap.value,
      seats: seats.seats.map((seat) => ({ name: seat.name.value, chips: seat.chips.value, hole: seat.hole.text,
        folded: seat.folded.checked, button: seat.button.checked })),
    };
  }

  function save() {
    if (!restoring) remember(STORAGE_KEY, keptShape(table()));
  }

  function restore() {
    const kept = readKept(recall(STORAGE_KEY, null));
    restoring = true;
    if (kept.game) setGame(kept.game);
    seats.restore(kept.seats, (seat, entry) => {
      if (entry.name !== null) seat.name.value = entry.name;
      if (entry.chips !== null) seat.chips.value = entry.chips;
      if (entry.hole) seat.hole.set(entry.hole);
      seat.folded.checked = entry.folded;
      seat.row.classList.toggle("folded", seat.folded.checked);
      if (entry.button) seat.button.checked = true;
    }, FRESH_SEATS);
    if (kept.board) board.set(kept.board);
    if (kept.second) second.set(kept.second);
    if ([...oddChip.options].some((option) => option.value === kept.oddChip)) oddChip.value = kept.oddChip;
    if (kept.rake !== null) rakePercent.value = kept.rake;
    if (kept.cap !== null) rakeCap.value = kept.cap;
    restoring = false;
    seats.update();
  }

  async function run() {
    setStatus(status, "");
    const problem = await fieldProblem([...seats.seats.map((seat) => seat.hole), board, second]);
    if (problem) {
      results.replaceChildren();
      setStatus(status, problem);
      return;
    }
    try {
      results.replaceChildren(...settlementResults(await api("POST", "/settle", settleRequest(table()))));
    } catch (error) {
      results.replaceChildren();
      setStatus(status, error.message);
    }
  }

  // The server's rules, its default first (and so chosen until another is).
  const oddChip = el("select", { id: "pots-odd-chip", "data-testid": "pots-odd-chip" },
    oddChipRules().map((rule) => el("option", { value: rule }, ODD_CHIP_WORDS[rule] ?? rule)));
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
          seats.container)),
      board.element, second.element,
      el("div", { class: "options" },
        el("label", { for: "pots-odd-chip" }, "Odd chips"), oddChip,
        el("label", { for: "pots-rake" }, "Rake %"), rakePercent,
        el("label", { for: "pots-rake-cap" }, "Rake cap"), rakeCap),
      el("div", { class: "actions" },
        seats.addButton, seats.removeButton,
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "pots-run" }, "Settle")),
      status),
    results);
  for (const input of [oddChip, rakePercent, rakeCap]) input.addEventListener("change", save);
  root.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(root, run);
  restore();
  return { fields: () => [...seats.seats.filter((s) => !s.folded.checked || s.hole.cards.length).map((s) => s.hole),
    board, second], game: () => game.select.value };
}
