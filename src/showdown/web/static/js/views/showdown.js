// Showdown: a game, a board and 2 to 10 seats; each one's best five, the description, the
// winners (in hi-lo also each one's low and who wins the low half). Seats whose hole cards are
// empty sit out; a field with an error stops the showdown with its message. The game, the seats
// and the board are remembered across reloads.

import { api, el, setStatus } from "../lib/api.js";
import { fieldProblem, submitOnEnter } from "../lib/forms.js";
import { gameInfo, gameSelector, holePlaceholder, isGame } from "../lib/games.js";
import { CardField, cardRow, picker } from "../lib/picker.js";
import { recall, remember } from "../lib/storage.js";

const NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy"];
const MIN_PLAYERS = 2;
const MAX_PLAYERS = 10;

export function mountShowdown(root) {
  let restoring = false;   // no saving while the kept seats are put back
  const board = new CardField({ label: "Board", max: 5, testid: "showdown-board", onChange: () => save() });
  const players = [];
  const list = el("div", { class: "players", "data-testid": "showdown-players" });
  const status = el("p", { class: "status", hidden: true, role: "status" });
  const results = el("div", { class: "results", "data-testid": "showdown-results", "aria-live": "polite" });
  const game = gameSelector({ id: "showdown-game", testid: "showdown-game", onChange: setGame });

  /** Play `name`: each seat holds that game's hole cards; the last results are for another game. */
  function setGame(name) {
    game.select.value = name;
    const holes = gameInfo(name).hole_cards;
    for (const player of players) player.hole.resize(holes, holePlaceholder(holes));
    results.replaceChildren();
    setStatus(status, "");
    picker.refresh();
    save();
  }

  function addPlayer() {
    if (players.length >= MAX_PLAYERS) return;
    const index = players.length;
    const name = el("input", {
      type: "text", value: NAMES[index], "aria-label": `Player ${index + 1} name`,
      class: "name", "data-testid": `showdown-name-${index}`,
    });
    const holes = gameInfo(game.select.value).hole_cards;
    const hole = new CardField({ label: `Player ${index + 1} hole cards`, max: holes, testid: `showdown-hole-${index}`,
      placeholder: holePlaceholder(holes), onChange: save });
    const row = el("div", { class: "player", "data-testid": `showdown-player-${index}` }, name, hole.element);
    players.push({ name, hole, row });
    list.append(row);
    update();
  }

  function removePlayer() {
    if (players.length <= MIN_PLAYERS) return;
    players.pop().row.remove();
    update();
  }

  function update() {
    addButton.disabled = players.length >= MAX_PLAYERS;
    removeButton.disabled = players.length <= MIN_PLAYERS;
    picker.refresh();
    save();
  }

  /** Keep the board and the seats (names and hole cards as typed) for the next visit. */
  function save() {
    if (restoring) return;
    remember("showdown", { game: game.select.value, board: board.text, players: players.map((p) => ({ name: p.name.value, hole: p.hole.text })) });
  }

  function restore() {
    const kept = recall("showdown", null);
    const seats = Array.isArray(kept?.players) ? kept.players.slice(0, MAX_PLAYERS) : [];
    restoring = true;
    if (isGame(kept?.game)) setGame(kept.game);
    while (players.length < Math.max(MIN_PLAYERS, seats.length || 3)) addPlayer();
    seats.forEach((seat, index) => {
      if (typeof seat?.name === "string") players[index].name.value = seat.name;
      if (typeof seat?.hole === "string" && seat.hole) players[index].hole.set(seat.hole);
    });
    if (typeof kept?.board === "string" && kept.board) board.set(kept.board);
    restoring = false;
    update();
  }

  function fields() { return [...players.map((p) => p.hole), board]; }

  /** Fill every empty slot with random unused cards. */
  function dealRandom() {
    for (const field of fields()) field.set([...field.cards, ...picker.randomUnused(field.max - field.cards.length)]);
  }

  function clearAll() {
    for (const field of fields()) field.clear();
    results.replaceChildren();
    setStatus(status, "");
  }

  async function run() {
    setStatus(status, "");
    const problem = await fieldProblem(fields());
    if (problem) {
      results.replaceChildren();
      setStatus(status, problem);
      return;
    }
    // A seat without hole cards sits out; the server says when too few are left.
    const body = {
      game: game.select.value,
      board: board.text,
      players: players.filter((p) => p.hole.text)
        .map((p) => ({ name: p.name.value.trim() || null, hole: p.hole.text })),
    };
    try {
      render(await api("POST", "/showdown", body));
    } catch (error) {
      results.replaceChildren();
      setStatus(status, error.message);
    }
  }

  /** What a player won, as badges: the pot, a split, or in hi-lo the high, the low, a scoop. */
  function badges(data, player) {
    const badge = (kind, text) => el("span", { class: `badge ${kind}`, "data-testid": "showdown-badge" }, text);
    if (!gameInfo(data.game).low) {
      if (!player.winner) return [];
      return [data.is_split ? badge("split", "Split") : badge("win", "Winner")];
    }
    if (data.scoopers.includes(player.name)) return [badge("scoop", "Scoops")];
    const shown = [];
    if (player.winner) shown.push(data.is_split ? badge("split", "Splits the high") : badge("win", "High"));
    if (player.low_winner) {
      shown.push(badge("low", data.low_winners.length > 1 ? "Splits the low" : "Low"));
    }
    return shown;
  }

  /**
   * One row per player: their cards with the best five raised (in hi-lo the low's five
   * underlined), the hand in words, and the verdict on top.
   */
  function render(data) {
    results.replaceChildren(
      el("p", { class: "headline", "data-testid": "showdown-headline" }, data.verdict),
      ...data.players.map((player, index) => {
        const won = player.winner || player.low_winner;
        const low = player.low ? player.low.best_five : [];
        const lowLine = gameInfo(data.game).low
          ? el("div", { class: "result-low", "data-testid": "showdown-low" },
            player.low ? player.low.description : "No qualifying low")
          : null;
        return el("div", { class: `result-player ${won ? "won" : "lost"}`, "data-testid": `showdown-result-${index}` },
          el("div", { class: "result-name" }, el("strong", {}, player.name), badges(data, player)),
          el("div", { class: "result-cards" },
            cardRow(player.hole, { marked: player.hand.best_five, low, dim: true }),
            el("span", { class: "plus", "aria-hidden": "true" }, "+"),
            cardRow(data.board, { marked: player.hand.best_five, low, dim: true })),
          el("div", { class: "result-description", "data-testid": "showdown-description" }, player.hand.description),
          lowLine);
      }));
  }

  const addButton = el("button", { type: "button", onclick: addPlayer, "data-testid": "showdown-add" }, "Add player");
  const removeButton = el("button", { type: "button", onclick: removePlayer, "data-testid": "showdown-remove" }, "Remove player");
  root.append(
    el("div", { class: "panel" },
      el("h2", {}, "Showdown"),
      el("p", { class: "hint" }, "Pick the game, the board and each player's hole cards, then show down (or press "
        + "Enter). A seat without cards sits out. Each player's best five cards are raised; in hi-lo the five of "
        + "the low are underlined; the others are dimmed."),
      game.element, board.element, list,
      el("div", { class: "actions" },
        addButton, removeButton,
        el("button", { type: "button", onclick: dealRandom, "data-testid": "showdown-random" }, "Deal the rest at random"),
        el("button", { type: "button", onclick: clearAll }, "Clear"),
        el("button", { type: "button", class: "primary", onclick: run, "data-testid": "showdown-run" }, "Show down")),
      status),
    results);
  root.addEventListener("input", save);   // typing is kept at once, before the server reads it
  submitOnEnter(root, run);
  restore();
  return { fields, game: () => game.select.value };
}
