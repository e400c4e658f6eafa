// An arena's part of the tournament page (tournament.js calls it when the format is "arena"):
// the clock to the end, the arena's facts, the live leaderboard (points, on fire, each
// table's points like Lichess's sheet, performance), what the player is doing now (waiting for
// a table, seated, playing, paused), and which of Join, Pause, Resume, Leave and Berserk show.
// The rules are tournaments/formats/arena.py's (docs/organizers/formats.md, "Arena").
//
// The socket's detail is public: where the player stands (waiting since, berserk at the table
// about to start) is in the REST answer's "me.arena" only. The page derives the rest from the
// pushed detail (their entry's status and pause, the table they sit at) and asks the REST detail
// again when their table changes (tournament.js, refreshMe).
import { teamBadge } from "./tournament_teams.js";
import { gettext, ngettext, fmt } from "./i18n.js";
import { countdownText, el, entryStatusText, playerLink } from "./tournament_common.js";
import { formatDate } from "./tiles.js";

const ACTIVE = ["registered", "checked_in"];
const SHEET_SHOWN = 14; // the latest tables a leaderboard line shows (the rest: "…")
// The leaderboard shows its top (and the player's own line) until asked for everyone: an arena
// of hundreds would otherwise be a page of hundreds of lines, redrawn at every table's end.
const BOARD_TOP = 20;
let boardAll = false;
let boardShown = null; // [detail, me] last drawn, to redraw when the button is pressed

let mine = null; // the last REST "me.arena", with the state it was read in ({key, ...})
let asked = null; // the state whose REST answer was asked for (once per state)
let waitingFrom = null; // ms, server clock: since when the player waits for a table
const berserkAt = new Set(); // the games the player went berserk at

export function isActive(entry) {
  return !!entry && ACTIVE.includes(entry.status);
}

// The table (not finished) the entry sits at, among the waves the detail shows: every wave with
// a table in play is shown (arena_selectors.shown_waves).
export function tableOf(d, entryId) {
  for (const r of d.rounds_detail) {
    for (const t of r.tables) {
      if (!t.finished && t.players.some((p) => p.entry === entryId)) return t;
    }
  }
  return null;
}

function stateKey(entry, table) {
  return entry ? `${entry.status}|${entry.paused}|${table ? table.game : ""}` : "";
}

// Take a detail in (REST or pushed); return whether the REST detail should be asked for again:
// the player's table or state changed since the last "me" the page read.
export function update(d, entry, now) {
  const table = entry ? tableOf(d, entry.id) : null;
  const key = stateKey(entry, table);
  const waiting = isActive(entry) && !entry.paused && !table && d.status === "running";
  if ("me" in d) {
    const arena = d.me && d.me.arena;
    mine = arena ? { ...arena, key } : null;
    if (arena && arena.berserk && d.me.current_game) berserkAt.add(d.me.current_game);
    waitingFrom = arena && arena.waiting_since ? Date.parse(arena.waiting_since) : null;
    asked = key;
  }
  if (!waiting) waitingFrom = null;
  else if (waitingFrom === null) waitingFrom = now; // back in the pool just now
  if (!entry || key === asked) return false;
  asked = key;
  return true;
}

// -- the clock ---------------------------------------------------------------------------------

// Milliseconds left by the server's clock, or null when the arena has not started.
export function msLeft(d, now) {
  if (!d.arena || d.status !== "running") return null;
  return Math.max(0, Date.parse(d.arena.ends_at) - now);
}

export function timeUp(d, now) {
  return d.status === "running" && msLeft(d, now) === 0;
}

export function renderClock(d, now) {
  const label = document.getElementById("arena-clock-label");
  const time = document.getElementById("arena-clock");
  const note = document.getElementById("arena-clock-note");
  if (!label || !d.arena) return;
  const panel = document.getElementById("arena-clock-panel");
  panel.dataset.status = d.status;
  let head = "", shown = "", said = "";
  if (d.status === "scheduled" || d.status === "registration") {
    head = gettext("Plays for");
    shown = countdownText(d.arena.duration_minutes * 60);
    said = fmt(gettext("Join any time until the end: from %(start)s to %(end)s."), { start: formatDate(d.starts_at), end: formatDate(d.arena.ends_at) });
  } else if (d.status === "running" && !timeUp(d, now)) {
    head = gettext("Ends in");
    shown = countdownText(msLeft(d, now) / 1000);
    said = fmt(gettext("No new table after %(end)s; the tables playing then finish and count."), { end: formatDate(d.arena.ends_at) });
  } else if (d.status === "running") {
    head = gettext("Time is up");
    shown = "00:00";
    said = gettext("No new table is formed; the tables still playing finish and count.");
  } else if (d.status === "finished") {
    head = gettext("Finished");
    shown = "";
    said = fmt(gettext("Played from %(start)s to %(end)s."), { start: formatDate(d.started_at || d.starts_at), end: formatDate(d.finished_at || d.arena.ends_at) });
  }
  label.textContent = head;
  time.textContent = shown;
  note.textContent = said;
}

// -- facts and buttons -------------------------------------------------------------------------

function waitRule(a) {
  return a.bots
    ? fmt(ngettext("a table that cannot fill forms after %(n)s second, bots filling it", "a table that cannot fill forms after %(n)s seconds, bots filling it", a.wait_seconds), { n: a.wait_seconds })
    : fmt(ngettext("a table that cannot fill forms after %(n)s second, smaller (at least 2 players)", "a table that cannot fill forms after %(n)s seconds, smaller (at least 2 players)", a.wait_seconds), { n: a.wait_seconds });
}

// The arena's facts, as fact(label, value, testid) nodes, after the format and the start.
export function facts(d, fact) {
  const a = d.arena;
  return [
    fact(gettext("Duration"), fmt(ngettext("%(n)s minute", "%(n)s minutes", a.duration_minutes), { n: a.duration_minutes }), "arena-duration"),
    fact(gettext("Waiting"), waitRule(a), "arena-wait"),
    fact(gettext("Berserk"), a.berserk ? gettext("allowed: half your reserve, +1 point if you win the table") : gettext("not allowed"), "arena-berserk"),
  ];
}

// Which of Join (register), Leave (withdraw), Pause and Resume show, by the server's clock.
export function buttons(d, entry, playBan, now) {
  const active = isActive(entry);
  const playing = d.status === "running" && !timeUp(d, now);
  const paused = active && entry.paused;
  return {
    join: playing && !playBan && !active && (!entry || entry.status === "withdrawn"),
    pause: playing && active && !paused,
    resume: playing && paused,
  };
}

// Whether the Berserk button shows: the arena allows it, the player sits at a table in its
// ready window and has not gone berserk there (me.arena.can_berserk, as the page knows it now).
export function canBerserk(d, entry) {
  if (!d.arena || !d.arena.berserk || !isActive(entry) || d.status !== "running") return false;
  const table = tableOf(d, entry.id);
  return !!table && table.status === "open" && !berserkAt.has(table.game);
}

export function wentBerserk(d, entry) {
  const table = entry ? tableOf(d, entry.id) : null;
  return !!table && berserkAt.has(table.game);
}

// -- what the player is doing now --------------------------------------------------------------

export function renderDoing(d, entry, now) {
  const line = document.getElementById("arena-doing");
  if (!line) return;
  let state = "", text = "";
  const table = entry ? tableOf(d, entry.id) : null;
  if (d.status === "running" && isActive(entry)) {
    const pausedNote = entry.paused ? " " + gettext("You are paused: no new table after this one.") : "";
    if (table && table.status === "open") {
      state = "seated";
      text = gettext("Seated: your table starts in a moment.") + pausedNote;
    } else if (table) {
      state = "playing";
      text = gettext("Playing at your table.") + pausedNote;
    } else if (entry.paused) {
      state = "paused";
      text = gettext("Paused: you keep your points and get no new table until you resume.");
    } else if (timeUp(d, now)) {
      state = "over";
      text = gettext("Time is up: no new table is formed.");
    } else {
      state = "waiting";
      const waited = waitingFrom === null ? 0 : Math.max(0, (now - waitingFrom) / 1000);
      text = fmt(gettext("Waiting for a table (%(time)s)…"), { time: countdownText(waited) });
    }
  } else if (d.status === "running" && entry && entry.status === "withdrawn") {
    state = "left";
    text = gettext("You left the arena; your points are kept. Join again to play on.");
  }
  line.dataset.state = state;
  line.hidden = !text;
  line.textContent = text;
}

// -- the leaderboard ---------------------------------------------------------------------------

// The "on fire" flame, drawn (an emoji needs a colour emoji font, which not every device has);
// tournament_arena.html's legend draws the same.
const SVG = "http://www.w3.org/2000/svg";
const FLAME = [
  ["M8 .5C9 3.5 13 5 13 9.5a5 5 0 0 1-10 0C3 7 4.5 5.5 5.5 4.5c0 2 1 3 2 3C7 5 7 3 8 .5z", "#e8590c"],
  ["M8 8.5c1 1.5 2.5 2.3 2.5 3.8a2.5 2.5 0 0 1-5 0c0-1.3 1-2.3 2.5-3.8z", "#fcc419"],
];

export function flame() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "arena-flame");
  svg.setAttribute("aria-hidden", "true");
  for (const [d, fill] of FLAME) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    path.setAttribute("fill", fill);
    svg.append(path);
  }
  return svg;
}

// Points as they read best: 3, 2½, ½.
export function pointsText(p) {
  const whole = Math.trunc(p);
  const rest = Math.abs(p - whole);
  if (rest === 0) return String(whole);
  if (Math.abs(rest - 0.5) < 1e-9) return (whole === 0 ? (p < 0 ? "-" : "") : String(whole)) + "½";
  return p.toFixed(2);
}

function sheetNode(line) {
  const sheet = line.sheet || [];
  const box = el("span", { className: "arena-sheet", testid: "arena-sheet" });
  if (!sheet.length) return box;
  // Which tables scored double (on fire) and which were berserk wins: the server says so.
  const doubled = line.sheet_doubled || [], berserk = line.sheet_berserk || [];
  const from = Math.max(0, sheet.length - SHEET_SHOWN);
  const said = [];
  const shown = el("span", { className: "arena-sheet-tables" });
  shown.setAttribute("aria-hidden", "true");
  if (from > 0) shown.append(el("span", { className: "arena-sheet-more", text: "…" }));
  sheet.forEach((p, i) => {
    const mark = { doubled: !!doubled[i], berserk: !!berserk[i] };
    let words = pointsText(p);
    if (mark.doubled && mark.berserk) words = fmt(gettext("%(points)s (doubled, berserk win)"), { points: words });
    else if (mark.doubled) words = fmt(gettext("%(points)s (doubled)"), { points: words });
    else if (mark.berserk) words = fmt(gettext("%(points)s (berserk win)"), { points: words });
    said.push(words);
    if (i < from) return;
    const item = el("span", { className: "arena-sheet-table", text: pointsText(p) });
    if (mark.doubled) item.classList.add("doubled");
    if (mark.berserk) item.classList.add("berserk");
    item.title = words;
    shown.append(item);
  });
  box.append(shown, el("span", { className: "visually-hidden", text: fmt(gettext("Tables: %(list)s."), { list: said.join(", ") }) }));
  return box;
}

// The "Show all" button under the leaderboard, made once.
function moreButton() {
  let button = document.getElementById("leaderboard-more");
  if (button) return button;
  button = el("button", { className: "show-more", testid: "leaderboard-more" });
  button.type = "button";
  button.id = "leaderboard-more";
  button.addEventListener("click", () => {
    boardAll = !boardAll;
    if (boardShown) renderLeaderboard(...boardShown);
  });
  document.getElementById("standings-rows").closest(".table-scroll").after(button);
  return button;
}

// The lines to draw: all of them, or the top and, below a gap, the player's own.
function shownLines(lines, me) {
  if (boardAll || lines.length <= BOARD_TOP + 1) return { shown: lines, gap: false };
  const mine = lines.findIndex((line) => line.username === me);
  const shown = lines.slice(0, BOARD_TOP);
  if (mine >= BOARD_TOP) return { shown: [...shown, lines[mine]], gap: true };
  return { shown, gap: false };
}

export function renderLeaderboard(d, me) {
  boardShown = [d, me];
  const rows = document.getElementById("standings-rows");
  const note = document.getElementById("standings-note");
  const s = d.standings;
  const more = moreButton();
  document.getElementById("standings-empty").hidden = !!(s && s.lines.length);
  more.hidden = !s || s.lines.length <= BOARD_TOP + 1;
  if (!s) { rows.replaceChildren(); note.textContent = ""; return; }
  note.textContent = s.final ? gettext("final")
    : fmt(ngettext("%(n)s table finished", "%(n)s tables finished", s.tables), { n: s.tables });
  more.textContent = boardAll ? fmt(gettext("Show the top %(n)s"), { n: BOARD_TOP })
    : fmt(ngettext("Show all %(n)s player", "Show all %(n)s players", s.lines.length), { n: s.lines.length });
  const entries = new Map(d.entries.map((e) => [e.id, e]));
  const { shown, gap } = shownLines(s.lines, me);
  const drawn = shown.map((line) => {
    const tr = el("tr", { testid: "standings-row" });
    tr.dataset.username = line.username;
    if (line.username === me) tr.classList.add("me");
    const player = el("td", { className: "arena-player" });
    const name = el("span", { className: "arena-name" });
    name.append(playerLink(line.username, line.is_bot));
    if (line.on_fire) {
      const fire = el("span", { className: "arena-fire", testid: "on-fire" });
      const words = gettext("On fire: the next table scores double");
      fire.append(flame());
      fire.setAttribute("role", "img");
      fire.setAttribute("aria-label", words);
      fire.title = words;
      name.append(fire);
    }
    // The entries are live (the standings are rebuilt as tables end): a pause shows at once.
    const entry = entries.get(line.entry);
    const paused = entry ? entry.paused || !isActive(entry) : line.paused;
    if (paused) {
      const gone = entry && !isActive(entry);
      const badge = el("span", { className: "badge arena-paused", text: gone ? entryStatusText(entry.status) : gettext("paused"), testid: "standings-paused" });
      name.append(badge);
    }
    const team = teamBadge(d, line.team);
    if (team) name.append(team);
    player.append(name, sheetNode(line));
    tr.dataset.paused = paused ? "1" : "0";
    const points = el("td", { className: "arena-points", text: pointsText(line.points), testid: "standings-points" });
    points.title = fmt(gettext("Arena points: %(points)s"), { points: line.points_exact });
    tr.append(
      el("td", { text: String(line.rank) }),
      player,
      points,
      el("td", { text: line.performance === null || line.performance === undefined ? "–" : String(line.performance), testid: "standings-performance" }),
      el("td", { text: String(line.games) }),
    );
    return tr;
  });
  if (gap) { // the lines between the top and the player's own are left out
    const tr = el("tr", { className: "arena-gap", testid: "leaderboard-gap" });
    const td = el("td");
    td.colSpan = 5;
    const words = fmt(gettext("Places %(from)s to %(to)s are not shown"), { from: BOARD_TOP + 1, to: shown[shown.length - 1].rank - 1 });
    const dots = el("span", { text: "⋯" });
    dots.setAttribute("aria-hidden", "true");
    td.title = words;
    td.append(dots, el("span", { className: "visually-hidden", text: words }));
    tr.append(td);
    drawn.splice(BOARD_TOP, 0, tr);
  }
  rows.replaceChildren(...drawn);
}
