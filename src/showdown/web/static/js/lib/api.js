// The JSON API under /api: one small wrapper that turns errors into readable messages.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Describe a FastAPI error body: the library's message, or pydantic's list of problems. */
function describe(detail, status) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((item) => {
      const where = (item.loc || []).filter((part) => part !== "body").join(".");
      return where ? `${where}: ${item.msg}` : item.msg;
    }).join("; ");
  }
  return `request failed (HTTP ${status})`;
}

/**
 * Call the API: `api("POST", "/showdown", body)` resolves to the JSON answer. `signal` (an
 * AbortController's) withdraws the request: the server stops work nobody waits for any more.
 */
export async function api(method, path, body, { signal } = {}) {
  const options = { method, headers: { Accept: "application/json" }, signal };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api${path}`, options);
  } catch (error) {
    throw new ApiError(`cannot reach the server (${error.message})`, 0);
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    const detail = data && data.detail !== undefined ? data.detail : text;
    throw new ApiError(describe(detail, response.status), response.status);
  }
  return data;
}

/** Percent text: 0.81265 -> "81.27%" (digits after the point). */
export function percent(fraction, digits = 2) {
  return `${(100 * fraction).toFixed(digits)}%`;
}

/** 1712304 -> "1,712,304". */
export function thousands(n) {
  return Number(n).toLocaleString("en-US");
}

/** Build an element: el("button", {class: "x", onclick}, "text", child). */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Show a message (or clear it) in a view's status line. */
export function setStatus(node, message, kind = "error") {
  node.textContent = message || "";
  node.className = `status ${message ? kind : ""}`;
  node.hidden = !message;
}
