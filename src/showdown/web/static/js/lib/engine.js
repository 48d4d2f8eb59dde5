// The engine's state, from /api/health: after an install the server compiles its kernels for
// some seconds; meanwhile a banner says so, and it goes once the engine is ready.

import { api, el } from "./api.js";

const POLL = 1000;   // ms between two questions while the engine is not ready

const WORDS = {
  preparing: "Preparing the engine (first start only): the first answers wait for it.",
  loading: "Loading the engine: the first answers wait for it.",
};

/** Show a banner in `container` while the server's engine is not ready; resolves when it is. */
export async function watchEngine(container) {
  const banner = el("p", { class: "status info engine", role: "status", "data-testid": "engine-status", hidden: true });
  container.prepend(banner);
  for (;;) {
    let state = "ready";
    try {
      state = (await api("GET", "/health")).engine;
    } catch {
      state = "ready";   // a server that cannot answer says so where it is asked
    }
    if (state === "ready" || !WORDS[state]) break;
    banner.textContent = WORDS[state];
    banner.hidden = false;
    await new Promise((resolve) => { setTimeout(resolve, POLL); });
  }
  banner.remove();
  document.body.dataset.engine = "ready";
}
