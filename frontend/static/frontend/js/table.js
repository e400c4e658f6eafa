// The game table's wiring: the data as it arrives (REST, the socket), moves and lobby actions,
// the hand and the board's targets, keyboard focus, and rendering it all. The state lives in
// table_state.js; the board's drawing in board.js (shared with the audit and the replay).
import { api, ApiError, errorText } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { GameLive } from "./socket.js";
import { keepReceipt, mountReceipts } from "./receipts.js";
import { embeddedView, moveKey } from "./first_view.js";
import { tileElement, tileName, rulesetSummary, statusText } from "./tiles.js";
import { trainName } from "./describe.js";
import { trainElement as boardTrain, showTrains, showStation } from "./board.js";
import { randomContribution, contributionProblem, contributionItems, committedText } from "./fairness.js";
import { setupPlayback, addEvents, decorate as decoratePlayback, noteTurn, engineText, collapseSummary } from "./playback.js";
import { mountSoundToggle } from "./sounds.js";
import { foldPanels, keepClearOfBars, revealTargets, mountChatJump } from "./layout.js";
import { renderResult as renderResultPanel } from "./result.js";
import { mountChat } from "./chat.js";
import { inviteFromUrl, renderInvite } from "./invite.js";
import {
  root, gameId, me, $, S, tkey, names, plays, playsFor, legalAction, notBehind, sleep, retryable, read, showError,
} from "./table_state.js";
import { renderClock } from "./table_clock.js";
import { renderTurn, renderSeats, renderLog, renderScores } from "./table_panels.js";

setupPlayback({ seat: () => S.seat, names, rounds: () => (S.view ? S.view.rounds : 0) });
mountSoundToggle($("sound-toggle"));

// -- data --------------------------------------------------------------------------------------

function mergeEvents(events) {
  const fresh = [];
  for (const e of events || []) {
    if (e.seq > S.lastEventSeq) {
      S.events.push(e);
      S.lastEventSeq = e.seq;
      fresh.push(e);
    }
  }
  addEvents(fresh); // playback.js paces how they are shown; the data above is current at once
}

function applyUpdate(msg) {
  const statusChanged = notBehind(msg.status) && msg.status !== S.status;
  mergeEvents(msg.events);
  if (msg.seat !== undefined) S.seat = msg.seat;
  if (statusChanged) S.status = msg.status;
  // Neither the status nor the seq ever goes back: an older answer only adds what it knows.
  const seqChanged = typeof msg.seq === "number" && msg.seq > S.seq;
  S.seq = Math.max(S.seq, typeof msg.seq === "number" ? msg.seq : 0, S.lastEventSeq);
  // A view never replaces a newer one: a REST answer started before a push can land after it
  // (after a move, say), and the page would then show an old turn at the new seq.
  const fresh = typeof msg.seq !== "number" || msg.seq >= S.viewSeq;
  if (fresh) {
    if (msg.view !== undefined) S.view = msg.view;
    if (msg.legal_moves) S.legal = msg.legal_moves;
    if (typeof msg.seq === "number") S.viewSeq = msg.seq;
  }
  if (S.selected && !playsFor(S.selected).length) S.selected = null;
  if (statusChanged || seqChanged) loadDetail();
  render();
}

// Take a GET /games/<id> answer unless it is older than what the page holds (its seq, the
// game's version, or its status): return whether it was taken.
function takeGame(g) {
  const held = S.game && typeof S.game.seq === "number" ? S.game.seq : -1;
  if (S.game && typeof g.seq === "number" && g.seq < held) return false;
  if (S.game && !notBehind(g.status)) return false;
  S.game = g;
  if (notBehind(g.status)) S.status = g.status;
  if (typeof g.seq === "number" && g.seq > S.seq) {
    // The game is further than the page's state: fetch the state too.
    loadState().catch(() => {});
  }
  return true;
}

let detailRun = null; // the refresh under way
let detailQueued = false; // asked for while one was under way: run again after it
function loadDetail() {
  if (detailRun) {
    detailQueued = true;
    return detailRun;
  }
  detailRun = (async () => {
    let tries = 0;
    do {
      detailQueued = false;
      tries++;
      await fetchDetail();
      // An answer older than the page's seq (a replica behind, say): ask again, a few times.
      if (S.game && typeof S.game.seq === "number" && S.game.seq < S.seq && tries < 5) {
        await sleep(300 * tries);
        detailQueued = true;
      }
    } while (detailQueued);
  })().finally(() => { detailRun = null; });
  return detailRun;
}

async function fetchDetail() {
  try {
    const g = await read(`games/${gameId}`);
    const was = S.status;
    if (takeGame(g) && g.status !== was && was !== null && g.status !== "open") await loadState();
    render();
  } catch (err) {
    if (err.status === 404) showError(gettext("This game does not exist."));
  }
}

async function loadState() {
  const st = await read(`games/${gameId}/state`);
  let events = [];
  if (st.seq > S.lastEventSeq) events = await read(`games/${gameId}/events?after=${S.lastEventSeq}`);
  // Events appended between the two requests belong to a later view.
  events = events.filter((e) => e.seq <= st.seq);
  applyUpdate({ ...st, events });
  markBoard();
}

// The first time the board is on screen with its trains: window.MT_BOARD_AT (performance.now(),
// from navigation start), for the e2e run to print how fast the table appears.
function markBoard() {
  if (window.MT_BOARD_AT !== undefined) return;
  if (!$("board").hidden && $("trains").children.length) window.MT_BOARD_AT = performance.now();
}

// -- the socket: moves over it, and waiting for their push ---------------------------------------

let live = null; // the game's GameLive, once init() has opened it
const SOCKET_MOVE_TIMEOUT_MS = 5000; // no answer by then: send the move by REST (same key)
const PUSH_WAIT_MS = 2000; // accepted, but its events not pushed by then: resync
const viewWaiters = new Set();

function viewArrived() {
  for (const w of [...viewWaiters]) {
    if (S.viewSeq >= w.seq) { viewWaiters.delete(w); w.resolve(true); }
  }
}

// Resolve true once the page shows the view of ``seq`` (or later), false after ``ms``.
function waitForView(seq, ms) {
  if (S.viewSeq >= seq) return Promise.resolve(true);
  return new Promise((resolve) => {
    const w = { seq, resolve };
    viewWaiters.add(w);
    setTimeout(() => { if (viewWaiters.delete(w)) resolve(false); }, ms);
  });
}

// Send a move over the socket: its move.accepted, or null when no answer came (then it goes by
// REST, with the same key, so one that did arrive is not made twice). An error answer is thrown
// as the REST one would be (an ApiError, marked ``socket``).
async function socketMove(body, key) {
  const { expected_seq: expectedSeq, ...mv } = body;
  try {
    return await live.move(mv, expectedSeq, { idempotencyKey: key, timeoutMs: SOCKET_MOVE_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof Error) return null;
    const e = new ApiError(Number(err && err.status) || 500, err);
    e.socket = true;
    throw e;
  }
}

// -- actions -----------------------------------------------------------------------------------

async function move(m) {
  showError("");
  S.selected = null;
  S.focusHand = true; // after the move, keyboard focus goes back to the hand
  const body = { action: m.action, expected_seq: S.seq };
  if (m.tile) body.tile = m.tile;
  if (m.train !== undefined) body.train = m.train;
  const key = moveKey(); // this move's, whichever way it goes
  setBusy(true);
  try {
    const accepted = live && live.live ? await socketMove(body, key) : null;
    if (accepted) {
      keepReceipt(gameId, accepted.receipt);
      // The socket pushes the move's events and the new view; ask again if they are late.
      if (!(await waitForView(accepted.seq, PUSH_WAIT_MS))) live.resync();
      return;
    }
    const res = await api(`games/${gameId}/moves`, { method: "POST", body, headers: { "Idempotency-Key": key } });
    keepReceipt(gameId, res.receipt);
    mergeEvents(res.events);
    await loadState();
  } catch (err) {
    showError(errorText(err));
    if (retryable(err)) {
      showError(gettext("The server did not answer: your move was not made. The table is reconnecting; play it again then."));
      $("move-error").dataset.outage = "true";
    }
    if (err.code === "stale" || err.status === 409) {
      showError(gettext("The table moved on before your move arrived; it has been brought up to date.") + " " + errorText(err));
    }
    if (err.socket && live) live.resync(); // the socket brings the table up to date
    else await loadState().catch(() => {});
  } finally {
    setBusy(false);
    render();
  }
}

function setBusy(b) {
  root.classList.toggle("busy", b);
}

async function lobbyAction(path, body, method = "POST") {
  showError("");
  try {
    takeGame(await api(`games/${gameId}/${path}`, { method, body }));
    await loadState();
  } catch (err) {
    showError(errorText(err));
  }
  render();
}

$("join").addEventListener("click", () => {
  if (!me) { window.location.href = `/login?next=/games/${gameId}`; return; }
  const value = $("contribution-input").value;
  const problem = contributionProblem(value);
  if (problem) { showError(problem); return; }
  S.contribution = value;
  S.contributionDirty = false;
  lobbyAction("join", { contribution: value, invite: inviteFromUrl() });
});

// -- contribution ------------------------------------------------------------------------------

function mySeatRecord() {
  return S.game ? S.game.seats.find((s) => s.username === me) : null;
}

function myFairnessEntry() {
  const f = S.game && S.game.fairness;
  const seat = mySeatRecord();
  if (!f || !seat) return null;
  return f.contributions.find((c) => c.seat === seat.index) || null;
}

async function saveContribution(value) {
  const problem = contributionProblem(value);
  if (problem) { showError(problem); return; }
  showError("");
  try {
    takeGame(await api(`games/${gameId}/contribution`, { method: "POST", body: { value } }));
    S.contribution = value;
    S.contributionDirty = false;
  } catch (err) {
    showError(errorText(err));
    if (err.code === "contributions_fixed") await loadDetail();
  }
  render();
}

$("contribution-input").addEventListener("input", () => {
  S.contributionDirty = true;
  S.contribution = $("contribution-input").value;
  const problem = contributionProblem(S.contribution);
  $("contribution-hint").classList.toggle("form-error", !!problem);
  if (problem) $("contribution-hint").textContent = problem;
  renderContributionBox();
});
$("contribution-random").addEventListener("click", () => {
  const value = randomContribution();
  $("contribution-input").value = value;
  S.contribution = value;
  if (mySeatRecord()) saveContribution(value);
  else { S.contributionDirty = false; renderContributionBox(); }
});
$("contribution-save").addEventListener("click", () => saveContribution($("contribution-input").value));
$("contribution-input").addEventListener("keydown", (ev) => {
  if (ev.key === "Enter" && mySeatRecord()) { ev.preventDefault(); saveContribution($("contribution-input").value); }
});

// A seat taken elsewhere (the lobby of an older page, an API client, a tournament's seating)
// may have no contribution yet: give it this page's random one, once, while it can change.
function maybeAutoContribute() {
  const f = S.game && S.game.fairness;
  const mine = myFairnessEntry();
  if (S.contributionAuto || !f || f.version !== 2 || f.fixed || S.status !== "open" || !mine) return;
  if (mine.contributed || mine.at) return;
  S.contributionAuto = true;
  saveContribution(S.contribution);
}
$("add-bot").addEventListener("click", () => lobbyAction("bots", { strategy: $("bot-strategy").value }));
$("start").addEventListener("click", () => lobbyAction("start"));
$("leave").addEventListener("click", async () => {
  await lobbyAction("leave");
});
for (const [id, action] of [["draw", "draw"], ["pass", "pass"], ["stop", "stop"], ["place-engine", "engine"]]) {
  $(id).addEventListener("click", () => {
    const m = legalAction(action);
    if (m) move(m);
  });
}
$("resign").addEventListener("click", async () => {
  const b = $("resign");
  if (!S.resignArmed) {
    S.resignArmed = true;
    b.textContent = gettext("Click again to resign");
    setTimeout(() => { S.resignArmed = false; b.textContent = gettext("Resign"); }, 5000);
    return;
  }
  S.resignArmed = false;
  b.textContent = gettext("Resign");
  try {
    await api(`games/${gameId}/resign`, { method: "POST" });
    await loadState();
    await loadDetail();
  } catch (err) {
    showError(errorText(err));
  }
});

function selectTile(key) {
  const options = playsFor(key);
  if (!options.length) {
    S.selected = null;
    showError(fmt(gettext("%(tile)s cannot be played now."), { tile: `[${key.replace("-", "|")}]` }));
    render();
    return;
  }
  showError("");
  if (options.length === 1) {
    move(options[0]);
    return;
  }
  S.selected = S.selected === key ? null : key;
  collapseSummary(); // the board is needed: a round's summary gives way
  render();
  // Every train the tile can go to in view, clear of the hand bar (and a phone's seat strip).
  const targets = [...document.querySelectorAll('#trains [data-testid="train"].target')];
  revealTargets(targets);
  if (targets.length) targets[0].focus({ preventScroll: true });
}

function playOn(trainKey, tileKey) {
  const m = playsFor(tileKey).find((p) => String(p.train) === String(trainKey));
  if (m) move(m);
}

// -- rendering ---------------------------------------------------------------------------------

function render() {
  const g = S.game;
  if (!g) return;
  const focusWasHere = focusInPlay();
  const focusFree = !focusWasHere && focusLost();
  root.dataset.status = S.status || g.status;
  root.dataset.seq = String(S.seq);
  root.dataset.mySeat = S.seat === null || S.seat === undefined ? "" : String(S.seat);
  root.dataset.toMove = S.view && S.view.to_move !== null && S.view.to_move !== undefined ? String(S.view.to_move) : "";
  root.dataset.legal = JSON.stringify(S.legal);
  $("game-name").textContent = g.name || fmt(gettext("%(user)s's table"), { user: g.created_by });
  $("status").textContent = statusText(S.status || g.status);
  $("seq").textContent = String(S.seq);
  $("round").textContent = S.view && S.view.round ? fmt(gettext("%(round)s of %(rounds)s"), { round: S.view.round, rounds: S.view.rounds }) : "–";
  renderClock();
  renderTurn();
  renderSeats((i) => lobbyAction(`bots/${i}`, undefined, "DELETE"));
  renderOpen();
  renderBoard();
  renderHand();
  renderActions();
  renderLog();
  renderScores();
  renderFairness();
  renderResult(focusWasHere, focusFree);
  keepClearOfBars(!!S.selected);
  restoreFocus(focusWasHere);
  decoratePlayback(); // the paced playback's hidden tiles, last plays and seat badges
  const seated = S.seat !== null && S.seat !== undefined;
  noteTurn(S.view ? S.status === "active" && seated && S.view.to_move === S.seat : null);
}

// -- keyboard focus ------------------------------------------------------------------------------

const ACTION_IDS = ["place-engine", "draw", "pass", "stop"];
const shown = (el) => !!el && el.isConnected && !el.hidden && !el.disabled && el.getClientRects().length > 0;

// Focus is on the hand, the trains or the move buttons (or was, and its element is gone).
function focusInPlay() {
  const a = document.activeElement;
  return !!a && a !== document.body && ($("my-side").contains(a) || $("board").contains(a));
}

function focusLost() {
  const a = document.activeElement;
  return !a || a === document.body || !shown(a);
}

// The train target that last had focus: a re-render (a push, the playback) gives it back.
let lastTargetTrain = null;
document.addEventListener("focusin", (ev) => {
  const t = ev.target;
  if (t instanceof Element && t.matches('[data-testid="train"].target')) lastTargetTrain = t.dataset.train;
});

// What the player needs next: the trains of a picked tile, the first playable tile, else the
// action the turn asks for, else the hand's first tile.
function focusTarget() {
  // A tile is picked: its trains, the one focused before a re-render first.
  if (S.selected) {
    const targets = [...document.querySelectorAll('#trains [data-testid="train"].target')];
    const again = targets.find((t) => t.dataset.train === lastTargetTrain);
    if (again || targets[0]) return again || targets[0];
  }
  const legal = document.querySelector('#hand-slot [data-testid="hand-tile"].legal');
  if (legal) return legal;
  for (const id of ACTION_IDS) if (shown($(id))) return $(id);
  return document.querySelector('#hand-slot [data-testid="hand-tile"]');
}

function actionable(el) {
  if (!el || !shown(el)) return false;
  if (el.matches('[data-testid="hand-tile"].legal') || el.matches(".train.target")) return true;
  return ACTION_IDS.includes(el.id) || el.id === "resign";
}

let firstTurnFocused = false; // restoreFocus has seen the viewer's first turn on this page
function restoreFocus(focusWasHere) {
  const v = S.view;
  const seated = S.seat !== null && S.seat !== undefined;
  if (!seated || $("my-side").hidden) { S.focusHand = false; return; }
  const myTurn = S.status === "active" && v && v.to_move === S.seat;
  const newTurn = myTurn && S.myTurnAt !== S.seq;
  S.myTurnAt = myTurn ? S.seq : null;
  const a = document.activeElement;
  let want = false;
  if ((S.focusHand || focusWasHere) && focusLost()) want = true; // its element went away
  // A new turn of the viewer's while focus waits in the hand on a tile that cannot be played.
  if (newTurn && (focusInPlay() || focusLost() && S.focusHand) && !actionable(a)) want = true;
  // The viewer's first turn on this page, nothing focused yet: start in the hand, so a game by
  // keyboard needs no Tab through the header first.
  if (newTurn && !firstTurnFocused && (!a || a === document.body)) want = true;
  if (myTurn) firstTurnFocused = true;
  if (!want) return;
  const target = focusTarget();
  if (target) {
    target.focus();
    if (myTurn || S.status !== "active") S.focusHand = false;
  }
}


function renderOpen() {
  const g = S.game;
  const open = S.status === "open";
  $("open-actions").hidden = !open;
  const seated = g.seats.some((s) => s.username === me);
  const creator = !!me && g.created_by === me;
  const full = g.seats.length >= g.players;
  $("join").hidden = !open || seated;
  $("join").disabled = full;
  $("add-bot").hidden = !open || !creator;
  $("add-bot").disabled = full;
  $("bot-strategy").hidden = !open || !creator;
  $("start").hidden = !open || !creator;
  $("start").disabled = !full;
  $("leave").hidden = !open || !seated;
  renderInvite(g, open);
  $("open-hint").textContent = open
    ? fmt(ngettext("%(taken)s of %(total)s seat taken. %(rules)s", "%(taken)s of %(total)s seats taken. %(rules)s", g.players), { taken: g.seats.length, total: g.players, rules: rulesetSummary(g.ruleset) })
    : "";
}

// A train of the board, with what the player does there: a picked tile's target (click,
// Enter or Space plays it), and where a dragged tile drops.
function trainElement(t, v) {
  const key = String(t.train);
  const mine = S.seat !== null && S.seat !== undefined && String(S.seat) === key;
  const { div, said } = boardTrain(t, { names: names(), openDoubles: v.open_doubles, mine });
  const tileKey = S.selected || S.dragging;
  const target = tileKey && playsFor(tileKey).some((p) => String(p.train) === key);
  if (S.selected && target) {
    div.classList.add("target");
    div.tabIndex = 0;
    // Still an item of the list (a list holds only items): Enter, Space or a click plays.
    const [hi, lo] = S.selected.split("-");
    div.setAttribute("aria-label", fmt(gettext("Play %(tile)s on %(train)s"), { tile: tileName(hi, lo), train: said }));
    div.addEventListener("click", () => playOn(key, S.selected));
    div.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); playOn(key, S.selected); }
      if (ev.key === "Escape") { S.selected = null; render(); }
    });
  }
  div.addEventListener("dragover", (ev) => {
    if (S.dragging && playsFor(S.dragging).some((p) => String(p.train) === key)) {
      ev.preventDefault();
      div.classList.add("drop-over");
    }
  });
  div.addEventListener("dragleave", () => div.classList.remove("drop-over"));
  div.addEventListener("drop", (ev) => {
    ev.preventDefault();
    div.classList.remove("drop-over");
    const k = S.dragging || ev.dataTransfer.getData("text/plain");
    S.dragging = null;
    if (k) playOn(key, k);
  });
  return div;
}

function renderBoard() {
  const v = S.view;
  const board = $("board");
  const show = !!v && v.round > 0 && S.status !== "open";
  board.hidden = !show;
  if (!show) return;
  showStation($("station"), v.engine, v.engine_placed);
  const ordered = [...v.trains];
  // The viewer's own train first, then the others in seat order, the Mexican Train last.
  if (S.seat !== null && S.seat !== undefined) {
    ordered.sort((a, b) => (String(b.train) === String(S.seat)) - (String(a.train) === String(S.seat)));
  }
  // Drawn again only when what it shows changed: an update that changes nothing here (the
  // game's detail, a clock) must not swap a train under a click on its way (the pointer
  // pressed on one element and released on its replacement is no click at all).
  const trains = $("trains");
  const tileKey = S.selected || S.dragging;
  const targets = tileKey ? playsFor(tileKey).map((p) => String(p.train)) : [];
  const sig = JSON.stringify([ordered, v.open_doubles, S.seat, names(), S.selected, targets]);
  if (trains.dataset.sig !== sig || !trains.childElementCount) {
    trains.dataset.sig = sig;
    showTrains(trains, ordered.map((t) => trainElement(t, v)));
  }
  const warnings = $("warnings");
  warnings.replaceChildren();
  if (v.engine !== null && v.engine !== undefined && !v.engine_placed) {
    const p = document.createElement("p"); // who places the engine, or that it is searched for (R6, R7)
    p.className = "engine-phase";
    p.setAttribute("data-testid", "engine-phase");
    p.textContent = engineText(v, S.seat, S.legal, S.events, names());
    warnings.append(p);
  }
  if (v.open_doubles.length) {
    const w = document.createElement("p");
    w.className = "warning";
    w.setAttribute("data-testid", "open-double-banner");
    w.textContent = fmt(gettext("Double to satisfy on %(train)s: it must be covered before any other play."), { train: trainName(v.open_doubles[0], names()) });
    warnings.append(w);
  }
  const by = $("boneyard");
  by.setAttribute("data-testid", "boneyard");
  by.textContent = fmt(ngettext("Boneyard: %(n)s tile", "Boneyard: %(n)s tiles", v.boneyard_count), { n: v.boneyard_count });
  by.classList.toggle("low", v.boneyard_count <= 5);
  if (v.boneyard_count <= 5) {
    const w = document.createElement("p");
    w.className = "warning";
    w.setAttribute("data-testid", "boneyard-warning");
    w.textContent = v.boneyard_count === 0 ? gettext("The boneyard is empty.") : gettext("The boneyard is nearly empty.");
    warnings.append(w);
  }
}

function renderHand() {
  const side = $("my-side");
  const slot = $("hand-slot");
  const seated = S.seat !== null && S.seat !== undefined;
  const v = S.view;
  // After the end the hand is what was left in it, in the page's flow: no bar over the result.
  const ended = S.status === "finished" || S.status === "abandoned";
  side.hidden = !seated || S.status === "open" || (ended && !(v && v.hand && v.hand.length));
  side.classList.toggle("ended", ended);
  $("my-side-title").textContent = ended ? gettext("Your last hand") : gettext("Your hand");
  $("hand-hint").hidden = ended;
  if (!seated || !v || !v.hand) {
    slot.replaceChildren();
    delete slot.dataset.sig;
    return;
  }
  const drawn = v.turn && v.turn.drawn ? tkey(v.turn.drawn) : null;
  // Built again only when what it shows changed (as the trains): a click must not land on a
  // tile that a re-render swaps out between the press and the release.
  const sig = JSON.stringify([v.hand, plays().map((m) => tkey(m.tile)), S.selected, drawn]);
  if (slot.dataset.sig === sig && slot.childElementCount) return;
  slot.dataset.sig = sig;
  const hand = document.createElement("div");
  hand.className = "hand";
  hand.setAttribute("data-testid", "hand");
  hand.setAttribute("role", "group");
  hand.setAttribute("aria-label", gettext("Your hand"));
  hand.setAttribute("aria-describedby", "hand-hint");
  const focusedKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.tile : null;
  const buttons = v.hand.map((t) => {
    const key = tkey(t);
    const legal = playsFor(key).length > 0;
    const b = tileElement(Math.max(...t), Math.min(...t), { tag: "button", testid: "hand-tile", extraClass: legal ? "legal" : "" });
    b.type = "button";
    if (S.selected === key) { b.classList.add("selected"); b.setAttribute("aria-pressed", "true"); }
    if (drawn === key) b.classList.add("drawn");
    b.setAttribute("aria-label", tileName(Math.max(...t), Math.min(...t)) + (legal ? " – " + gettext("playable") : ""));
    b.draggable = legal;
    b.addEventListener("click", () => selectTile(key));
    b.addEventListener("dragstart", (ev) => {
      S.dragging = key;
      ev.dataTransfer.setData("text/plain", key);
      ev.dataTransfer.effectAllowed = "move";
    });
    b.addEventListener("dragend", () => { S.dragging = null; });
    b.addEventListener("keydown", (ev) => {
      const all = [...hand.querySelectorAll('[data-testid="hand-tile"]')];
      const i = all.indexOf(b);
      let j = null;
      if (ev.key === "ArrowRight" || ev.key === "ArrowDown") j = (i + 1) % all.length;
      if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") j = (i - 1 + all.length) % all.length;
      if (ev.key === "Home") j = 0;
      if (ev.key === "End") j = all.length - 1;
      if (ev.key === "Escape") { S.selected = null; render(); }
      if (j !== null) { ev.preventDefault(); all[j].focus(); }
    });
    return b;
  });
  hand.append(...buttons);
  slot.replaceChildren(hand);
  if (focusedKey) {
    const again = hand.querySelector(`[data-tile="${focusedKey}"]`);
    if (again && !S.selected) again.focus();
  }
}

function renderActions() {
  const active = S.status === "active";
  for (const [id, action] of [["draw", "draw"], ["pass", "pass"], ["stop", "stop"], ["place-engine", "engine"]]) {
    const ok = active && !!legalAction(action);
    $(id).hidden = !ok;
    $(id).disabled = !ok;
  }
  const seated = S.seat !== null && S.seat !== undefined;
  $("resign").hidden = !(active && seated);
}

function renderContributionBox() {
  const g = S.game;
  const f = g.fairness;
  const box = $("contribution-box");
  const seated = !!mySeatRecord();
  const canJoin = !!me && !seated && g.seats.length < g.players;
  const show = S.status === "open" && f && f.version === 2 && !f.fixed && (seated || canJoin);
  box.hidden = !show;
  if (!show) return;
  const input = $("contribution-input");
  const mine = myFairnessEntry();
  if (!S.contributionDirty && document.activeElement !== input) {
    const value = mine && mine.value !== null && (mine.at || mine.contributed) ? mine.value : S.contribution;
    if (input.value !== value) input.value = value;
  }
  const saved = mine && mine.value === input.value;
  $("contribution-save").hidden = !seated || saved;
  const problem = contributionProblem(input.value);
  const hint = $("contribution-hint");
  hint.classList.toggle("form-error", !!problem);
  hint.textContent = problem || (seated
    ? (saved ? gettext("Saved. You can change it until the game starts: it is mixed with the server's secret seed, so neither the server nor any player can choose the deal.") : gettext("Not saved yet: press Save (or Enter)."))
    : gettext("Your browser picked this at random. Change it if you like, until the game starts: it is mixed with the server's secret seed, so neither the server nor any player can choose the deal."));
  box.dataset.saved = saved ? "true" : "false";
}

function renderFairness() {
  const g = S.game;
  const f = g.fairness || { version: 1, contributions: [] };
  const v2 = f.version === 2;
  foldPanels(S.status || g.status); // "Fair deal" and "Moves" fold while the game is played
  $("fairness-v2-intro").hidden = !v2;
  $("fairness-v1-intro").hidden = v2;
  root.dataset.fairness = String(f.version);
  $("seed-commitment").textContent = (v2 ? f.server_seed_commitment : g.seed_commitment) || "";
  $("committed-at").textContent = v2 ? committedText(f) : "";
  renderContributionBox();
  const box = $("contributions-box");
  box.hidden = !v2 || !f.contributions.length;
  if (v2) {
    const seat = mySeatRecord();
    $("contributions-title").textContent = f.fixed ? gettext("Contributions (fixed at the start)") : gettext("Contributions so far");
    $("contributions").replaceChildren(...contributionItems(f, names(), seat ? seat.index : null));
    $("contributions").dataset.fixed = f.fixed ? "true" : "false";
  }
  $("seed-revealed").hidden = !g.seed;
  $("server-seed-line").hidden = !f.server_seed;
  $("server-seed").textContent = f.server_seed || "";
  $("seed").textContent = g.seed || "";
  maybeAutoContribute();
}

function renderResult(focusWasHere = false, focusFree = false) {
  renderResultPanel({
    box: $("result"),
    game: S.game,
    status: S.status,
    view: S.view,
    names: names(),
    me,
    gameId,
    focusWasHere,
    focusFree,
    refresh: () => loadDetail(),
    rerender: () => render(),
  });
}

// -- start -------------------------------------------------------------------------------------

async function init() {
  const first = embeddedView();
  try {
    if (first) {
      // The page carries the game and the state of one seq: render them at once (its detail
      // is that seq's, so none is fetched); the socket's sync brings anything newer.
      S.seq = Math.max(S.seq, first.state.seq);
      takeGame(first.game);
      applyUpdate({ ...first.state, events: first.events });
    } else {
      takeGame(await read(`games/${gameId}`));
      await loadState();
    }
  } catch (err) {
    showError(errorText(err));
    return;
  }
  render();
  markBoard();
  const chatRoot = $("chat-panel");
  const chat = mountChat(chatRoot, { path: chatRoot.dataset.chatPath, mode: chatRoot.dataset.chatMode });
  if (chatRoot) chatRoot.open = window.matchMedia("(min-width: 1100px)").matches;
  mountChatJump(chatRoot, $("chat-jump"));
  live = new GameLive(gameId, {
    getSeq: () => S.lastEventSeq,
    onChat: (msg) => chat.receive(msg),
    onUpdate: (msg) => {
      applyUpdate(msg); markBoard(); viewArrived();
      if (S.status && S.status !== "active" && S.status !== "open") chat.ended();
    },
    onStatus: (s) => {
      $("connection").textContent = s === "live" ? gettext("Live") : s === "polling" ? gettext("Reconnecting… (updating every 2 s)") : gettext("Connecting…");
      $("connection").dataset.state = s;
    },
  });
  live.start();
  // Seats change in the lobby without game events: poll the table while it is open.
  setInterval(() => { if (S.status === "open") loadDetail(); }, 2000);
}

mountReceipts(gameId);
init();
