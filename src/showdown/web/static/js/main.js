// The page: five views behind tabs, the shared card picker, and the hash in the address
// (#showdown, #odds, #study, #pots, #videopoker) so that a view can be linked to. The deck, the
// games and the limits come from the server before anything is drawn.

import { el } from "./lib/api.js";
import { loadDeck } from "./lib/deck.js";
import { loadGames } from "./lib/games.js";
import { loadLimits } from "./lib/limits.js";
import { watchEngine } from "./lib/engine.js";
import { picker } from "./lib/picker.js";
import { mountShowdown } from "./views/showdown.js";
import { mountOdds } from "./views/odds.js";
import { mountStudy } from "./views/study.js";
import { mountPots } from "./views/pots.js";
import { mountVideoPoker } from "./views/videopoker.js";

const VIEWS = {
  showdown: { mount: mountShowdown, picker: true },
  odds: { mount: mountOdds, picker: true },
  study: { mount: mountStudy, picker: true },
  pots: { mount: mountPots, picker: true },
  videopoker: { mount: mountVideoPoker, picker: false },
};

const mounted = {};

function show(name) {
  if (!VIEWS[name]) name = "showdown";
  for (const key of Object.keys(VIEWS)) {
    const section = document.getElementById(`view-${key}`);
    const tab = document.getElementById(`tab-${key}`);
    const active = key === name;
    section.hidden = !active;
    tab.setAttribute("aria-selected", String(active));
    tab.tabIndex = active ? 0 : -1;
  }
  if (!mounted[name]) mounted[name] = VIEWS[name].mount(document.getElementById(`view-${name}`));
  document.getElementById("picker").hidden = !VIEWS[name].picker;
  document.body.dataset.view = name;
  picker.use(mounted[name].fields, mounted[name].game);
}

async function start() {
  try {
    await Promise.all([loadDeck(), loadGames(), loadLimits()]);
  } catch (error) {
    document.querySelector(".views").prepend(
      el("p", { class: "status error", role: "alert", "data-testid": "start-error" },
        `The page cannot start: ${error.message}`));
    return;
  }
  watchEngine(document.querySelector(".views"));
  picker.mount(document.getElementById("picker-deck"));
  const tabs = [...document.querySelectorAll("[role=tab]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => { location.hash = tab.dataset.view; });
    // Arrow keys move between tabs, as the tab pattern expects.
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      next.focus();
      location.hash = next.dataset.view;
    });
  }
  window.addEventListener("hashchange", () => show(location.hash.slice(1)));
  show(location.hash.slice(1));
  document.body.dataset.ready = "true";
}

start();
