// A table's seats as the Showdown, Odds and Pots views list them: a row per seat, built by the
// view, and the two buttons that add a seat at the end and take the last one away, between the
// fewest and the most seats the view takes (lib/limits.js, from the server). Also the names the
// seats start with.

import { el } from "./api.js";
import { picker } from "./picker.js";

/** The names the seats of a fresh table start with, in order, one for each letter from a to w. */
export const SEAT_NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
  "kevin", "laura", "mallory", "niaj", "olivia", "peggy", "quentin", "rupert", "sybil", "trent", "ursula", "victor",
  "walter"];

/** The name the seat at `index` starts with: past the names above, "P24", "P25", ... */
export function seatName(index) {
  return SEAT_NAMES[index] ?? `P${index + 1}`;
}

export class SeatList {
  /**
   * @param {object} options
   *   container: the element the rows go in; limits: {min, max}, the fewest and the most seats;
   *   add, remove: {text, testid} of the two buttons (a testid may be left out);
   *   build(index): a new seat, an object whose `row` is its element;
   *   removed(seat): called once the last seat is taken away;
   *   changed(): called after every seat added or taken away.
   */
  constructor({ container, limits, add, remove, build, removed = () => {}, changed }) {
    this.seats = [];
    this.aside = [];   // seats over a smaller most, last first, back when there is room again
    this.container = container;
    this.min = limits.min;
    this.max = limits.max;
    this.build = build;
    this.removed = removed;
    this.changed = changed;
    this.addButton = el("button", { type: "button", "data-testid": add.testid, onclick: () => this.add() }, add.text);
    this.removeButton = el("button", { type: "button", "data-testid": remove.testid, onclick: () => this.remove() },
      remove.text);
  }

  /** A seat at the end, unless the table is full. */
  add() {
    if (this.seats.length >= this.max) return;
    this.aside = [];   // the table is the user's now: seats set aside do not come back
    this.append(this.build(this.seats.length));
    this.update();
  }

  /** Take the last seat away, unless the table has the fewest seats already. */
  remove() {
    if (this.seats.length <= this.min) return;
    this.aside = [];
    this.takeLast();
    this.update();
  }

  /**
   * Take the limits `{min, max}` (the Showdown view's change with the game). The seats past the
   * most leave from the end, as Remove takes them, but are set aside, as they were: a later
   * change that makes room again brings them back, unless the user added or removed a seat in
   * between. Returns how many seats left.
   */
  setLimits({ min, max }) {
    this.min = min;
    this.max = max;
    let left = 0;
    for (; this.seats.length > max; left += 1) this.aside.push(this.takeLast());
    while (this.seats.length < max && this.aside.length) this.append(this.aside.pop());
    while (this.seats.length < min) this.append(this.build(this.seats.length));
    this.update();
    return left;
  }

  /** Put `seat` at the end of the table. */
  append(seat) {
    this.seats.push(seat);
    this.container.append(seat.row);
  }

  /** Take the last seat away: the seat. */
  takeLast() {
    const seat = this.seats.pop();
    seat.row.remove();
    this.removed(seat);
    return seat;
  }

  /**
   * Seat a kept table: a seat for each kept entry (those past the most are dropped), `fresh`
   * seats when none was kept, never fewer than the fewest; `put(seat, entry)` fills a seat.
   */
  restore(kept, put, fresh = 0) {
    const entries = kept.slice(0, this.max);
    while (this.seats.length < Math.max(this.min, entries.length || fresh)) this.add();
    entries.forEach((entry, index) => put(this.seats[index], entry));
  }

  /** The buttons say whether a seat can come or go; the picker and the view hear of the change. */
  update() {
    this.addButton.disabled = this.seats.length >= this.max;
    this.removeButton.disabled = this.seats.length <= this.min;
    picker.refresh();
    this.changed();
  }
}
