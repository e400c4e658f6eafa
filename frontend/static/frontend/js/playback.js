// Following the game (issue 15): the events that reach the table are played back paced, so a
// person sees each bot's or opponent's move happen. Only the presentation waits: the page's data
// (its view, legal moves, seq) is updated at once by table.js.
//
// - A tile the newest events put on a train is hidden (class pb-pending), then revealed with a
//   short slide (pb-reveal), one event every ~0.6 s, ~0.25 s when 3+ are queued; the log entries
//   likewise. The viewer's own moves, the first load and a resync of many events show at once,
//   and so does everything under prefers-reduced-motion: reduce.
// - Each seat's last play of the round is marked on its train (data-testid="last-play").
// - A draw or a pass shows on the seat's card for a moment (data-testid="seat-action").
// - A round's end opens a summary panel (data-testid="round-summary"), except on the first load;
//   it folds to one line on the viewer's next turn.
// - Sounds (sounds.js) follow the playback: a play, your turn, round end, match end.
// For tests: window.MT_PLAYBACK.reveals lists what was revealed ({seq, type, at, motion, batch}).
import { gettext, fmt } from "./i18n.js";
import { tileLabel } from "./tiles.js";
import { playSound } from "./sounds.js";

const SLOW_MS = 600; // one event after another
const FAST_MS = 250; // each, while 3 or more wait
const MANY = 12; // more at once than this is a resync: shown at once
const ACTION_MS = 2500; // how long "drew" / "passed" stays on a card
const REVEAL_MS = 400; // the slide's length (site.css: the pb-reveal animation)
const SHOWN = new Set(["TilePlayed", "EnginePlaced", "TileDrawn", "TurnPassed", "RoundEnded", "MatchEnded"]);

let env = { seat: () => null, names: () => [], rounds: () => 0 };
const queue = []; // [{e, batch}] not yet revealed, oldest first
const pendingTiles = new Map(); // "a-b" -> how many queued events put it on the board
const pendingLog = new Set(); // seqs of the log entries not yet revealed
const lastPlay = new Map(); // seat -> "a-b", this round
const actions = new Map(); // seat -> {text, until}
let totals = [];
let batch = 0;
let timer = null;
let started = false; // the first events (the page's load) were taken
let lastSeq = 0;
let wasMyTurn = null; // null until the first render with a view
let turnSoundDue = false;
let summaryCollapsed = false; // the round summary is folded to its one-line heading
let summaryOpenedOnTurn = false; // opened again by the player during their turn: theirs to fold
const reveals = [];
const seatActions = [];
window.MT_PLAYBACK = { reveals, seatActions, pending: () => queue.length, lastSeq: () => lastSeq };

const tkey = (t) => `${Math.max(t[0], t[1])}-${Math.min(t[0], t[1])}`;
const reduced = () => !!window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
const seatName = (i) => env.names()[i] || fmt(gettext("seat %(n)s"), { n: i + 1 });
const isMine = (e) => {
  const seat = env.seat();
  return seat !== null && seat !== undefined && e.data && e.data.seat === seat;
};

function boardTile(e) {
  const d = e.data || {};
  if ((e.type === "TilePlayed" || e.type === "EnginePlaced") && d.tile) return tkey(d.tile);
  return null;
}

// ``accessors``: {seat(), names(), rounds()} of the page's state.
export function setupPlayback(accessors) {
  env = { ...env, ...accessors };
}

// Events the page just took (in seq order, each once): queue them for playback.
export function addEvents(events) {
  if (!events.length) return;
  const initial = !started;
  started = true;
  batch++;
  for (const e of events) {
    queue.push({ e, batch });
    const key = boardTile(e);
    if (key) pendingTiles.set(key, (pendingTiles.get(key) || 0) + 1);
    pendingLog.add(e.seq);
  }
  if (initial) { flush(queue.length, { quiet: true }); return; }
  if (reduced() || queue.length > MANY) { flush(queue.length, {}); return; }
  // The viewer's own moves show at once (and whatever still waited before them).
  let upTo = -1;
  queue.forEach((item, i) => { if (isMine(item.e)) upTo = i; });
  if (upTo >= 0) flush(upTo + 1, {});
  if (queue.length && timer === null) timer = setTimeout(step, 0);
}

// Reveal the first ``n`` queued events at once; sound only the weightiest of them.
function flush(n, { quiet = false }) {
  let sound = null;
  const weight = { play: 1, round: 2, match: 3 };
  for (const item of queue.splice(0, n)) {
    const s = reveal(item, false, quiet);
    if (s && (!sound || weight[s] > weight[sound])) sound = s;
  }
  if (sound && !quiet) playSound(sound);
  decorate();
  if (!queue.length) drainedNow();
}

function step() {
  timer = null;
  const item = queue.shift();
  if (!item) return;
  const s = reveal(item, true, false);
  if (s) playSound(s);
  decorate();
  if (!queue.length) { drainedNow(); return; }
  const wait = SHOWN.has(item.e.type) ? (queue.length >= 3 ? FAST_MS : SLOW_MS) : 0;
  timer = setTimeout(step, wait);
}

function drainedNow() {
  if (turnSoundDue) { turnSoundDue = false; playSound("turn"); }
}

// Take one event into the presentation; return the sound it asks for, if any.
function reveal({ e, batch: b }, motion, quiet) {
  const d = e.data || {};
  lastSeq = Math.max(lastSeq, e.seq);
  reveals.push({ seq: e.seq, type: e.type, at: Math.round(performance.now()), motion, batch: b });
  pendingLog.delete(e.seq);
  const key = boardTile(e);
  if (key) {
    const left = (pendingTiles.get(key) || 1) - 1;
    if (left > 0) pendingTiles.set(key, left); else pendingTiles.delete(key);
    for (const el of document.querySelectorAll(`#board .domino[data-tile="${key}"]`)) {
      el.classList.remove("pb-pending");
      if (motion) {
        el.classList.add("pb-reveal");
        setTimeout(() => el.classList.remove("pb-reveal"), REVEAL_MS + 100);
      }
    }
  }
  switch (e.type) {
    case "RoundStarted":
    case "RoundRestarted":
      lastPlay.clear();
      return null;
    case "TilePlayed":
      lastPlay.set(d.seat, key);
      return "play";
    case "TileDrawn":
      if (!quiet) showAction(d.seat, "drew", gettext("drew"));
      return null;
    case "TurnPassed":
      if (!quiet) showAction(d.seat, "passed", gettext("passed"));
      return null;
    case "RoundEnded":
      (d.scores || []).forEach((s, i) => { totals[i] = (totals[i] || 0) + s; });
      if (!quiet) showSummary(d);
      return "round";
    case "MatchEnded":
      return "match";
    default:
      return null;
  }
}

function showAction(seat, action, text) {
  seatActions.push({ seat, action });
  actions.set(seat, { text, until: Date.now() + ACTION_MS });
  setTimeout(decorate, ACTION_MS + 50);
}

// Called by table.js on every render with whether it is the viewer's turn (null: no view yet):
// a new turn of the viewer's sounds once the moves before it have been played back.
export function noteTurn(myTurn) {
  if (myTurn === null) return;
  if (wasMyTurn !== null && myTurn && !wasMyTurn) turnSoundDue = true;
  if (myTurn && !wasMyTurn) summaryOpenedOnTurn = false;
  if (myTurn && !summaryOpenedOnTurn) collapseSummary();
  wasMyTurn = myTurn;
  if (turnSoundDue && !queue.length) drainedNow();
}

// Bring the freshly rendered DOM in line with the playback (called after each render).
export function decorate() {
  const board = document.getElementById("board");
  if (board) {
    for (const el of board.querySelectorAll(".domino[data-tile]")) {
      el.classList.toggle("pb-pending", pendingTiles.has(el.dataset.tile));
    }
    for (const mark of board.querySelectorAll('[data-testid="last-play"]')) {
      const tile = mark.parentElement;
      if (lastPlay.get(Number(mark.dataset.seat)) !== tile.dataset.tile) {
        tile.classList.remove("last-play");
        tile.title = tile.title.split(":")[0];
        tile.setAttribute("aria-label", tile.title);
        mark.remove();
      }
    }
    for (const [seat, key] of lastPlay) {
      const tile = board.querySelector(`#trains .domino[data-tile="${key}"]`);
      if (!tile || tile.querySelector('[data-testid="last-play"]')) continue;
      const mark = document.createElement("span");
      mark.className = "last-play-mark";
      mark.setAttribute("data-testid", "last-play");
      mark.setAttribute("aria-hidden", "true");
      mark.dataset.seat = String(seat);
      tile.classList.add("last-play");
      tile.title = fmt(gettext("%(tile)s: %(name)s's last play"), { tile: tile.title.split(":")[0], name: seatName(seat) });
      tile.setAttribute("aria-label", tile.title);
      tile.append(mark);
    }
  }
  const log = document.getElementById("move-log");
  let shownNow = false;
  for (const li of log ? log.querySelectorAll("li[data-seq]") : []) {
    const pending = pendingLog.has(Number(li.dataset.seq));
    if (!pending && li.classList.contains("pb-pending")) shownNow = true;
    li.classList.toggle("pb-pending", pending);
  }
  if (shownNow) log.scrollTop = log.scrollHeight; // the newest entry in view, as renderLog does
  const now = Date.now();
  for (const li of document.querySelectorAll('#seats [data-testid="seat"]')) {
    const a = actions.get(Number(li.dataset.seat));
    const want = a && a.until > now ? a.text : "";
    let badge = li.querySelector('[data-testid="seat-action"]');
    if (!want) { if (badge) badge.remove(); continue; }
    if (!badge) {
      badge = document.createElement("span");
      badge.className = "badge seat-action";
      badge.setAttribute("data-testid", "seat-action");
      // Beside the tiles left (a draw changes them); else after the name.
      const tiles = li.querySelector('[data-testid="tiles-left"]');
      if (tiles) tiles.after(badge); else (li.querySelector(".seat-top") || li).append(badge);
    }
    if (badge.textContent !== want) badge.textContent = want;
  }
}

// -- the round summary ---------------------------------------------------------------------------

function cell(tag, text) {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

// The summary gives way once the board is needed again: on a turn of the viewer's or a tile
// picked (table.js). It folds to its heading, a one-line button that opens it again (open
// during the player's own turn, it stays so until they pick a tile); Close removes it.
export function collapseSummary() {
  const panel = document.getElementById("round-summary");
  summaryOpenedOnTurn = false;
  if (!panel || summaryCollapsed) return;
  setSummaryCollapsed(panel, true);
}

function setSummaryCollapsed(panel, collapsed) {
  summaryCollapsed = collapsed;
  panel.classList.toggle("collapsed", collapsed);
  const toggle = panel.querySelector(".round-summary-toggle");
  if (toggle) toggle.setAttribute("aria-expanded", String(!collapsed));
  const body = panel.querySelector(".round-summary-body");
  if (body) body.hidden = collapsed;
}

function showSummary(d) {
  let panel = document.getElementById("round-summary");
  if (!panel) {
    panel = document.createElement("section");
    panel.id = "round-summary";
    panel.className = "round-summary";
    panel.setAttribute("data-testid", "round-summary");
    panel.setAttribute("role", "status");
    panel.setAttribute("aria-labelledby", "round-summary-title");
    // Above the seats, out of the board's column: folded, it never pushes the board down.
    const seats = document.querySelector(".seats-panel");
    if (seats && seats.parentNode) seats.parentNode.insertBefore(panel, seats);
    else document.getElementById("table").append(panel);
  }
  const me = env.seat();
  const seated = me !== null && me !== undefined;
  const rounds = env.rounds();
  const h = document.createElement("h2");
  h.id = "round-summary-title";
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "round-summary-toggle";
  toggle.setAttribute("data-testid", "round-summary-toggle");
  toggle.setAttribute("aria-controls", "round-summary-body");
  const title = cell("span", rounds
    ? fmt(gettext("Round %(round)s of %(rounds)s is over"), { round: d.round, rounds })
    : fmt(gettext("Round %(round)s is over"), { round: d.round }));
  title.className = "round-summary-heading";
  toggle.append(title);
  if (seated && d.scores && d.scores[me] !== undefined) {
    // What the folded line still tells the player: their round and their total.
    const brief = cell("span", fmt(gettext("you %(score)s, total %(total)s"), { score: d.scores[me], total: totals[me] || 0 }));
    brief.className = "round-summary-brief";
    toggle.append(" ", brief);
  }
  toggle.addEventListener("click", () => {
    const open = summaryCollapsed;
    setSummaryCollapsed(panel, !open);
    summaryOpenedOnTurn = open && wasMyTurn === true;
  });
  h.append(toggle);
  let how;
  if (d.blocked) how = gettext("The round is blocked: nobody could play, so it ended.");
  else if (d.went_out !== null && d.went_out !== undefined) {
    how = d.went_out === me ? gettext("You went out!") : fmt(gettext("%(name)s went out."), { name: seatName(d.went_out) });
  } else how = "";
  const table = document.createElement("table");
  table.className = "score-table";
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  hr.append(cell("th", gettext("Player")), cell("th", gettext("This round")), cell("th", gettext("Total")));
  head.append(hr);
  const body = document.createElement("tbody");
  (d.scores || []).forEach((s, i) => {
    const tr = document.createElement("tr");
    if (i === me) tr.className = "me";
    const name = cell("th", seatName(i));
    name.scope = "row";
    tr.append(name, cell("td", String(s)), cell("td", String(totals[i] || 0)));
    body.append(tr);
  });
  table.append(head, body);
  const next = cell("p", rounds && d.round < rounds
    ? fmt(gettext("Round %(next)s is dealt: play on."), { next: d.round + 1 })
    : gettext("That was the last round: the match is over."));
  next.className = "hint";
  const details = document.createElement("div");
  details.id = "round-summary-body";
  details.className = "round-summary-body";
  details.append(cell("p", how), table, next);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "round-summary-close";
  close.setAttribute("data-testid", "round-summary-close");
  close.textContent = gettext("Close");
  close.setAttribute("aria-label", gettext("Close the round summary"));
  close.addEventListener("click", () => {
    const hadFocus = panel.contains(document.activeElement);
    panel.remove();
    if (hadFocus) {
      // An ended match's result heading first (its hand is only what was left), else the hand.
      const result = document.querySelector('#result:not([hidden]) [data-testid="result-title"]');
      const next = result || document.querySelector('#hand-slot [data-testid="hand-tile"]');
      if (next) next.focus();
    }
  });
  panel.replaceChildren(h, close, details);
  summaryOpenedOnTurn = false;
  // A round that ends when the viewer is to move already (their turn in the next round came
  // first) opens folded: the board is theirs.
  setSummaryCollapsed(panel, wasMyTurn === true);
}

// -- the engine-placement phase (R6, R7) ---------------------------------------------------------

// What the station says while the round's engine is not placed, from public facts only: the
// holder moves first (R6), else the round's first drawer draws, on clockwise (R7).
export function engineText(v, seat, legal, events, names) {
  const tile = tileLabel(v.engine, v.engine);
  const name = (i) => names[i] || fmt(gettext("seat %(n)s"), { n: i + 1 });
  const mine = seat !== null && seat !== undefined && v.to_move === seat;
  if (mine && legal.some((m) => m.action === "engine")) {
    return fmt(gettext("You hold %(tile)s: place it in the station to start the round."), { tile });
  }
  let start = 0;
  events.forEach((e, i) => { if (e.type === "RoundStarted") start = i; });
  const draws = events.slice(start).filter((e) => e.type === "TileDrawn");
  const firstDrawer = (v.round - 1) % v.seats;
  const last = draws[draws.length - 1];
  if (v.to_move === null || v.to_move === undefined) return fmt(gettext("Engine %(tile)s: waiting to be placed"), { tile });
  if (mine || (last && last.data.seat !== v.to_move)) {
    const who = mine ? gettext("your draw") : fmt(gettext("%(name)s draws"), { name: name(v.to_move) });
    return fmt(gettext("Nobody holds %(tile)s yet: drawing until someone does (%(who)s)."), { tile, who });
  }
  if (last) return fmt(gettext("%(name)s drew %(tile)s and places the engine."), { name: name(v.to_move), tile });
  if (v.to_move !== firstDrawer) return fmt(gettext("%(name)s holds %(tile)s and places the engine."), { name: name(v.to_move), tile });
  return fmt(gettext("%(name)s places the engine %(tile)s if they hold it; if nobody does, players draw until someone does."), { name: name(v.to_move), tile });
}
