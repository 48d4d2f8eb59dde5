// The engine's state, from /api/health: after an install the server compiles its kernels for
// some seconds; meanwhile a banner says so in the server's words, and it goes once the engine
// is ready (or the server stops answering: the views then say what went wrong).

import { api, el } from "./api.js";

const POLL = 1000;   // ms between two questions while the engine is not ready

/** "preparing the engine ..." -> "Preparing the engine ...." */
function sentence(text) {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Show a banner in `container` while the server's engine is not ready; resolves when it is. */
export async function watchEngine(container) {
  const banner = el("p", { class: "status info engine", role: "status", "data-testid": "engine-status", hidden: true });
  container.prepend(banner);
  for (;;) {
    let health = null;
    try {
      health = await api("GET", "/health");
    } catch {
      break;   // a server that cannot answer says so where it is asked
    }
    if (health.engine === "ready" || !health.engine_message) break;
    banner.textContent = sentence(health.engine_message);
    banner.hidden = false;
    await new Promise((resolve) => { setTimeout(resolve, POLL); });
  }
  banner.remove();
  document.body.dataset.engine = "ready";
}
