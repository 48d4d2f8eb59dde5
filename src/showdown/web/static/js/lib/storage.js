// What the page remembers between visits (the view's choices, seats, ranges, saved ranges):
// the browser's localStorage, as JSON under one prefix. Nothing leaves the browser.

const PREFIX = "showdown:";

/** The value kept under `key`, or `fallback` when there is none (or storage is off). */
export function recall(key, fallback = null) {
  try {
    const text = window.localStorage.getItem(PREFIX + key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

/** Keep `value` (anything JSON can hold) under `key`; a full or disabled storage is ignored. */
export function remember(key, value) {
  try {
    window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private windows and full storage: the page still works, it just forgets.
  }
}

/** Drop what is kept under `key`. */
export function forget(key) {
  try { window.localStorage.removeItem(PREFIX + key); } catch { /* storage off */ }
}
