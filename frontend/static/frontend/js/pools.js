// Quick pairing's grid at the top of the lobby (frontend/_pools.html): each pool's waiting
// count, live over ws/pools/ (polled while the socket is down); one tap on a cell joins it
// (rated or casual, bots after N seconds, as chosen above the grid), the cell then counts the
// wait and Leave appears; once a table is formed the page opens it.
import { api, csrfToken, errorText } from "./api.js";
import { gettext, ngettext, fmt } from "./i18n.js";
import { watchPage } from "./socket.js";

const root = document.getElementById("pools");
const signedIn = root && root.dataset.signedIn === "1";
const message = document.getElementById("pools-message");
const leaveButton = document.getElementById("pools-leave");
const cells = root ? [...root.querySelectorAll(".pool-cell")] : [];
const modeInputs = root ? [...root.querySelectorAll('input[name="pools-mode"]')] : [];
const botsSelect = root ? root.querySelector('select[name="bots_after"]') : null;
const STORE = "mt-pools-choice";

let grid = null; // the newest grid: {pools: [...], at}
let ticket = { status: "none" }; // the caller's (pools/ticket)
let waitingSince = 0; // Date.now() when the wait began, from the server's waited_seconds
let busy = false;
let pollTimer = null;

function mode() {
  const checked = modeInputs.find((i) => i.checked);
  return checked ? checked.value : "casual";
}

// The choices are remembered on this device.
function restoreChoice() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) || "{}");
    const input = modeInputs.find((i) => i.value === saved.mode && !i.disabled);
    if (input) input.checked = true;
    if (botsSelect && saved.bots !== undefined && [...botsSelect.options].some((o) => o.value === saved.bots)) {
      botsSelect.value = saved.bots;
    }
  } catch (e) { /* a private window: defaults */ }
}

function saveChoice() {
  try {
    localStorage.setItem(STORE, JSON.stringify({ mode: mode(), bots: botsSelect ? botsSelect.value : "" }));
  } catch (e) { /* not kept */ }
}

// "3 players, 30 s live": a cell's words, in the page's language.
function poolLabel(cell) {
  const seats = fmt(ngettext("%(n)s player", "%(n)s players", Number(cell.dataset.seats)), { n: cell.dataset.seats });
  return `${seats}, ${cell.querySelector(".pool-clock").textContent} ${cell.querySelector(".pool-kind").textContent}`;
}

function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function waitingText(n) {
  return fmt(ngettext("%(n)s waiting", "%(n)s waiting", n), { n });
}

function render() {
  const rated = mode() === "rated";
  const byKey = new Map(((grid && grid.pools) || []).map((p) => [p.key, p]));
  for (const cell of cells) {
    const pool = byKey.get(cell.dataset.pool);
    const count = cell.querySelector(".pool-count");
    const mine = ticket.status === "waiting" && ticket.pool === cell.dataset.pool;
    cell.classList.toggle("waiting", mine);
    cell.setAttribute("aria-pressed", mine ? "true" : "false");
    const n = pool ? pool.waiting[rated ? "rated" : "casual"] : null;
    if (mine) {
      count.textContent = fmt(gettext("Waiting %(time)s"), { time: clock((Date.now() - waitingSince) / 1000) });
    } else {
      count.textContent = n === null ? "–" : waitingText(n);
    }
    cell.setAttribute("aria-label", `${poolLabel(cell)}: ${count.textContent}`);
    cell.disabled = busy;
  }
  if (leaveButton) leaveButton.hidden = ticket.status !== "waiting";
  if (ticket.status === "waiting") {
    const rated = ticket.rated ? gettext("rated") : gettext("casual");
    const bots = ticket.bots_after
      ? fmt(ngettext("bots after %(n)s second", "bots after %(n)s seconds", ticket.bots_after), { n: ticket.bots_after })
      : gettext("people only");
    const cell = cells.find((c) => c.dataset.pool === ticket.pool);
    say(fmt(gettext("Waiting for a table of %(pool)s (%(rated)s, %(bots)s): %(time)s"), {
      pool: cell ? poolLabel(cell) : ticket.pool, rated, bots, time: clock((Date.now() - waitingSince) / 1000),
    }));
    message.dataset.waiting = "1";
  } else if (ticket.status === "seated" && ticket.game) {
    sayLink(gettext("You have a quick-pairing table."), gettext("Open it"), `/games/${ticket.game}`);
  } else if (message.dataset.waiting === "1") {
    say(""); // the wait ended (left elsewhere, or dropped after its maximum age)
  }
}

function say(text, error = false) {
  message.dataset.waiting = "0";
  message.classList.toggle("form-error", error);
  message.textContent = text;
}

function sayLink(text, linkText, href) {
  message.dataset.waiting = "0";
  message.classList.remove("form-error");
  message.textContent = text + " ";
  const a = document.createElement("a");
  a.href = href;
  a.dataset.testid = "pools-open-table";
  a.setAttribute("data-testid", "pools-open-table");
  a.textContent = linkText;
  message.append(a);
}

function takeGrid(next) {
  if (!next || !Array.isArray(next.pools)) return;
  if (grid && grid.at && next.at && Date.parse(next.at) < Date.parse(grid.at)) return; // older: keep the newer
  grid = next;
  render();
}

function takeTicket(next) {
  ticket = next || { status: "none" };
  if (ticket.status === "waiting") waitingSince = Date.now() - (ticket.waited_seconds || 0) * 1000;
  render();
}

function seated(game) {
  ticket = { status: "seated", game };
  say(gettext("Seated! Opening your table…"));
  window.location.href = `/games/${game}`;
}

async function join(pool) {
  if (!signedIn) { window.location.href = "/login?next=/lobby"; return; }
  if (ticket.status === "waiting" && ticket.pool === pool) { await leave(); return; } // a toggle
  busy = true;
  render();
  try {
    if (ticket.status === "waiting") {
      // Another cell: leave this pool first (one ticket across the pools).
      takeTicket(await api("pools/ticket", { method: "DELETE" }));
    }
    const body = { rated: mode() === "rated", bots_after: botsSelect && botsSelect.value ? Number(botsSelect.value) : null };
    const answer = await api(`pools/${pool}/join`, { method: "POST", body });
    takeTicket(answer);
    if (answer.status === "seated" && answer.game) seated(answer.game);
  } catch (err) {
    if (err.code === "at_a_live_table" && err.body.game) {
      sayLink(errorText(err), gettext("Open it"), `/games/${err.body.game}`);
    } else {
      say(errorText(err), true);
    }
    refreshTicket();
  } finally {
    busy = false;
    render();
  }
}

async function leave() {
  busy = true;
  render();
  try {
    takeTicket(await api("pools/ticket", { method: "DELETE" }));
    say(gettext("You left the pool."));
  } catch (err) {
    if (err.code === "not_waiting") await refreshTicket(); // seated meanwhile, or gone
    else say(errorText(err), true);
  } finally {
    busy = false;
    render();
  }
}

async function refreshTicket() {
  if (!signedIn) return;
  try {
    const next = await api("pools/ticket");
    const wasWaiting = ticket.status === "waiting";
    takeTicket(next);
    if (wasWaiting && next.status === "seated" && next.game) seated(next.game);
  } catch (e) { /* the next poll */ }
}

async function refreshGrid() {
  try { takeGrid(await api("pools")); } catch (e) { /* the next poll */ }
}

function startPolling() {
  if (pollTimer) return;
  pollTimer = setInterval(() => {
    refreshGrid();
    if (ticket.status === "waiting") refreshTicket();
  }, 3000);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = null;
}

function connect() {
  watchPage("/ws/pools/", {
    root,
    onLive: () => {
      stopPolling();
      if (ticket.status === "waiting") refreshTicket(); // seated while the socket was down?
    },
    onDown: startPolling,
    onMessage: (msg) => {
      if (msg.type === "pools") takeGrid(msg);
      else if (msg.type === "seated" && msg.game) seated(msg.game);
    },
  });
}

// Leaving the page leaves a live pool, as a seek ends with its page on Lichess: a live table
// must not start for someone who is not there to play it. A correspondence pool keeps the
// ticket (the notification says when the table is formed).
function leaveLiveOnExit() {
  if (ticket.status !== "waiting") return;
  const cell = cells.find((c) => c.dataset.pool === ticket.pool);
  if (!cell || !cell.classList.contains("pool-live")) return;
  try {
    fetch("/api/v1/pools/ticket", {
      method: "DELETE", keepalive: true, credentials: "same-origin",
      headers: { "X-CSRFToken": csrfToken(), Accept: "application/json" },
    });
  } catch (e) { /* the page is going anyway */ }
}

if (root) {
  restoreChoice();
  for (const cell of cells) cell.addEventListener("click", () => join(cell.dataset.pool));
  for (const input of modeInputs) input.addEventListener("change", () => { saveChoice(); render(); });
  if (botsSelect) botsSelect.addEventListener("change", saveChoice);
  if (leaveButton) leaveButton.addEventListener("click", () => leave());
  window.addEventListener("pagehide", leaveLiveOnExit);
  Promise.all([refreshGrid(), refreshTicket()]).then(connect);
  setInterval(() => { if (ticket.status === "waiting") render(); }, 1000);
  // A long wait may have ended server-side (a ticket's maximum age): look now and then.
  setInterval(() => { if (ticket.status === "waiting") refreshTicket(); }, 30000);
}
