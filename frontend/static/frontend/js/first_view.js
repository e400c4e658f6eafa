// The table's fast paths (issue 15): the first view carried in the page, and the key that makes
// a move sent twice (over the socket, then by REST) count once.

// The page's embedded first view — {game, state, events}, as the API answers this viewer — or
// null when the server sent none (it would refuse, or its database failed): fetch it then.
export function embeddedView() {
  const el = document.getElementById("initial-view");
  if (!el) return null;
  try {
    const v = JSON.parse(el.textContent);
    return v && v.game && v.state && Array.isArray(v.events) ? v : null;
  } catch (e) {
    return null;
  }
}

// A fresh idempotency key for one move (at most 128 characters, as the API takes).
export function moveKey() {
  const c = window.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  if (c && typeof c.getRandomValues === "function") {
    return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
