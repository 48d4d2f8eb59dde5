// Study: what a range holds on a board and how it fares against another range. The server
// answers one request (POST /api/study) with the whole study; study/results.js draws it. The
// game, board, dead cards, both ranges and the next-card choice are remembered across reloads
// (study/state.js).

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameSelector } from "../lib/games.js";
import { CardField, picker } from "../lib/picker.js";
import { RangeEditor } from "../lib/rangegrid.js";
import { recall, remember } from "../lib/storage.js";
import { StudyResults } from "./study/results.js";
import { STORAGE_KEY, isStudyGame, keptShape, readKept, studyRequest } from "./study/state.js";

/** A labelled range input with a button that opens the range grid: {element, input, button}. */
function rangeInput({ id, label, testid, placeholder }) {
  const input = el("input", { type: "text", id, autocomplete: "off", spellcheck: "false", placeholder,
    "data-testid": `${testid}-input` });
  const button = el("button", { type: "button", class: "small", "data-testid": `${testid}-grid` }, "Range grid");
  const element = el("div", { class: "study-range", "data-testid": testid },
    el("label", { for: id }, label), input, button);
  return { element, input, button };
}

export function mountStudy(root) {
  let restoring = false;   // no saving while the kept inputs are put back
  let runs = 0;            // numbers the studies, so that an answer overtaken by a newer one is dropped

  const board = new CardField({ label: "Board", max: 5, testid: "study-board", placeholder: "e.g. Ks 7h 2h",
    onChange: () => save() });
  const dead = new CardField({ label: "Dead cards", max: 6, testid: "study-dead", onChange: () => save() });
  const game = gameSelector({ id: "study-game", testid: "study-game", onChange: setGame });
  for (const option of [...game.select.options]) {
    if (!isStudyGame(option.value)) option.remove();
  }
  const hero = rangeInput({ id: "study-hero", label: "Hero range", testid: "study-hero",
    placeholder: "e.g. 22+, A2s+, KTo+ (empty: random)" });
  const villain = rangeInput({ id: "study-villain", label: "Villain range", testid: "study-villain",
    placeholder: "e.g. QQ+, AK (empty: random)" });
  const nextBox = el("input", { type: "checkbox", id: "study-next", checked: true, "data-testid": "study-next",
    onchange: () => save() });
  const runButton = el("button", { type: "button", class: "primary", "data-testid": "study-run", onclick: () => run() },
    "Study");
  const status = el("p", { class: "status", hidden: true, role: "status", "data-testid": "study-status" });
  const editor = new RangeEditor({ idPrefix: "study-" });
  for (const [range, title] of [[hero, "Hero range"], [villain, "Villain range"]]) {
    range.button.addEventListener("click", () => editor.open(title, range.input.value.trim(), (text) => {
      range.input.value = text;
      save();
    }));
  }
  const results = new StudyResults({ narrow });

  /** Play `name`: the picker greys the cards its deck lacks; the study shown is for another game. */
  function setGame(name) {
    game.select.value = name;
    if (!restoring) results.clear();
    picker.refresh();
    save();
  }

  /** The inputs as plain values, as typed. */
  function inputs() {
    return { game: game.select.value, board: board.text, boardCards: board.cards.length, dead: dead.text,
      hero: hero.input.value, villain: villain.input.value, next: nextBox.checked };
  }

  function save() {
    if (!restoring) remember(STORAGE_KEY, keptShape(inputs()));
  }

  function restore() {
    const kept = readKept(recall(STORAGE_KEY, null));
    restoring = true;
    if (kept.game) setGame(kept.game);
    if (kept.board) board.set(kept.board);
    if (kept.dead) dead.set(kept.dead);
    if (kept.hero !== null) hero.input.value = kept.hero;
    if (kept.villain !== null) villain.input.value = kept.villain;
    if (kept.next !== null) nextBox.checked = kept.next;
    restoring = false;
  }

  async function run() {
    const ticket = ++runs;
    results.clear();
    setStatus(status, "");
    const problem = await fieldProblem([board, dead]);
    if (ticket !== runs) return;
    if (problem) {
      setStatus(status, problem);
      return;
    }
    const body = studyRequest(inputs());
    results.state = "running";
    setStatus(status, "Studying the board\u2026", "info");
    try {
      const data = await api("POST", "/study", body);
      if (ticket !== runs) return;
      setStatus(status, "");
      results.draw(data);
    } catch (error) {
      if (ticket !== runs) return;
      // The server's word on the inputs; the inputs stay as they were typed.
      results.state = null;
      setStatus(status, error.message);
    }
  }

  /** The hero range becomes the part of it in `row`, and the study runs again on it. */
  function narrow(row) {
    hero.input.value = row.range;
    save();
    run();
  }

  const inputPanel = el("div", { class: "panel" },
    el("h2", {}, "Study a board"),
    el("p", { class: "hint" }, "What a range holds on a flop, turn or river, which of its hands are ahead of the "
      + "villain's range and by how much, and what each next card does. Type a range or open the grid; "
      + "press Study, or Enter in a field."),
    game.element, board.element, dead.element, hero.element, villain.element,
    el("div", { class: "options" },
      el("label", { class: "check", for: "study-next" }, nextBox, " Next card: each turn or river card\u2019s effect")),
    el("div", { class: "actions" }, runButton),
    status);
  root.append(inputPanel, editor.element, results.element);
  inputPanel.addEventListener("input", save);   // typing is kept at once
  submitOnEnter(inputPanel, run);
  restore();

  return { fields: () => [board, dead], game: () => game.select.value };
}
