// The table's clocks (issue "Real clocks"): the time control's line with the mover's time left,
// and each seat card's clock, counted down every second against the server's clock.
import { gettext, fmt } from "./i18n.js";
import { timeControlText, formatDate } from "./tiles.js";
import { lowTime } from "./sounds.js";
import { S, $, gameId } from "./table_state.js";
import { updateMoreTime } from "./more_time.js";

// The server's clock, not the browser's: the offset is taken from the Date header of a cheap
// request (1 s resolution, so a smaller difference is noise and ignored).
let serverOffsetMs = 0;
const serverNow = () => Date.now() + serverOffsetMs;
async function syncServerTime() {
  try {
    const t0 = Date.now();
    const resp = await fetch(`/api/v1/games/${gameId}`, { method: "HEAD", credentials: "same-origin", cache: "no-store" });
    const t1 = Date.now();
    const date = Date.parse(resp.headers.get("Date") || "");
    if (Number.isNaN(date)) return;
    const offset = date + 500 - (t0 + t1) / 2;
    serverOffsetMs = Math.abs(offset) > 1000 ? offset : 0;
  } catch (e) { /* keep the last offset */ }
}
syncServerTime();
setInterval(syncServerTime, 5 * 60 * 1000);

const LOW_MS = 10_000;
const pad2 = (n) => String(n).padStart(2, "0");
// A countdown in m:ss (h:mm:ss from an hour), rounded up so 0:00 means the time is spent.
function mmss(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h ? `${h}:${pad2(m)}:${pad2(sec)}` : `${m}:${pad2(sec)}`;
}
// Correspondence: "2 d 23 h", under a day "23 h 5 min", under an hour m:ss.
function daysHours(ms) {
  const min = Math.floor(Math.max(0, ms) / 60000);
  if (min >= 1440) return fmt(gettext("%(d)s d %(h)s h"), { d: Math.floor(min / 1440), h: Math.floor((min % 1440) / 60) });
  if (min >= 60) return fmt(gettext("%(h)s h %(m)s min"), { h: Math.floor(min / 60), m: min % 60 });
  return mmss(ms);
}

// Why a correspondence clock stands still (games.clocks): the seat's weekend, its vacation.
const PAUSED = {
  weekend: () => gettext("paused: weekend until %(time)s"),
  vacation: () => gettext("paused: vacation until %(time)s"),
};

// A correspondence clock now: the time to the deadline less the pauses still to come (the
// API's clock.pauses), and the pause it stands in, if any.
function corrClock(g) {
  const now = serverNow();
  const end = new Date(g.deadline).getTime();
  let total = end - now;
  let paused = null;
  for (const p of (g.clock && g.clock.pauses) || []) {
    const a = Math.max(new Date(p.start).getTime(), now);
    const b = Math.min(new Date(p.end).getTime(), end);
    if (b > a) total -= b - a;
    if (new Date(p.start).getTime() <= now && now < new Date(p.end).getTime()) paused = p;
  }
  return { corr: true, total: Math.max(0, total), paused };
}

// When a pause ends, short: "Mon, Dec 7, 08:00 AM" (the weekday says most of it).
function pauseEnd(iso) {
  const options = { weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" };
  try { return new Date(iso).toLocaleString(document.documentElement.lang || undefined, options); } catch (e) { return formatDate(iso); }
}

function pausedText(p) {
  return fmt((PAUSED[p.reason] || PAUSED.vacation)(), { time: pauseEnd(p.end) });
}

// The clock of seat ``i`` now: {total, move, reserve} in ms (move null for the seats not to
// move; total null when the seat has no running clock), or null to show nothing.
function seatClock(i) {
  const g = S.game;
  if (!g || S.status !== "active") return null;
  const tc = g.time_control || {};
  const seat = g.seats.find((s) => s.index === i);
  // The game's detail (its deadline) is fetched after each push, so for a moment it can name
  // the seat that was to move before: a bot's few seconds then read as "low time" on the
  // viewer's turn, and the viewer's own clock as a bare reserve. Until the detail agrees with
  // the pushed view on whose turn it is, the seat to move shows the turn as it begins (its
  // whole move time and its reserve), and no deadline of the detail is shown.
  const behind = !!S.view && S.view.to_move !== undefined && S.view.to_move !== g.to_move;
  const reserve = seat && seat.reserve_ms !== null && seat.reserve_ms !== undefined ? seat.reserve_ms : null;
  if (behind) {
    if (S.view.to_move !== i) return null;
    if (tc.kind === "correspondence") return { corr: true, total: (tc.days_per_move || 0) * 86400000, paused: null };
    const move = (tc.seconds_per_move || 0) * 1000;
    return { total: null, move, reserve: reserve || 0 };
  }
  const toMove = g.to_move === i && !!g.deadline;
  if (tc.kind === "correspondence") return toMove ? corrClock(g) : null;
  if (!toMove) return reserve === null ? null : { total: null, move: null, reserve };
  // deadline = turn start + move time + reserve: what is left beyond the reserve is move time.
  const total = Math.max(0, new Date(g.deadline) - serverNow());
  const perMove = ((tc.seconds_per_move || 0) + ((g.clock && g.clock.extra_seconds) || 0)) * 1000;
  const move = Math.max(0, Math.min(total - (reserve || 0), perMove));
  return { total, move, reserve: total - move };
}

function clockSpan(cls, testid, text) {
  const span = document.createElement("span");
  span.className = cls;
  span.setAttribute("data-testid", testid);
  span.textContent = text;
  return span;
}

// Fill each seat card's clock (called every second: only what changed is touched).
export function updateSeatClocks() {
  for (const li of document.querySelectorAll('#seats [data-testid="seat"]')) {
    const box = li.querySelector(".seat-clock");
    if (!box) continue;
    const c = seatClock(Number(li.dataset.seat));
    // As shown (rounded up): the warning starts at 0:09.
    const low = !!c && c.total !== null && Math.ceil(c.total / 1000) * 1000 < LOW_MS;
    let key = "";
    const parts = [];
    if (c && c.corr) {
      key = "c" + daysHours(c.total) + (c.paused ? c.paused.reason : "");
      parts.push(clockSpan("move-time-corr", "time-left", daysHours(c.total)));
      if (c.paused) parts.push(clockSpan("clock-paused", "clock-paused", pausedText(c.paused)));
      box.title = fmt(gettext("move due by %(time)s"), { time: formatDate(S.game.deadline) });
    } else if (c) {
      const reserveText = mmss(c.reserve);
      key = (c.move === null ? "" : mmss(c.move)) + "|" + reserveText;
      if (c.move !== null) parts.push(clockSpan("move-time", "move-time", mmss(c.move)), document.createTextNode(" + "));
      // The word apart: a phone's seat strip shows the times alone ("0:25 + 1:30").
      parts.push(clockSpan("reserve-time", "reserve", reserveText), clockSpan("reserve-word", "reserve-word", " " + gettext("reserve")));
      box.title = c.move === null ? gettext("reserve time left") : gettext("time left for this move, then the reserve");
    }
    if (low) {
      key += "|low";
      const w = clockSpan("clock-warning", "clock-warning", gettext("⚠ low time"));
      parts.unshift(w);
    }
    li.classList.toggle("clock-low", low);
    if (low && Number(li.dataset.seat) === S.seat) lowTime(S.game.deadline); // once per turn
    box.hidden = !c;
    if (box.dataset.key !== key) {
      box.dataset.key = key;
      box.replaceChildren(...parts);
    }
  }
}

export function renderClock() {
  const g = S.game;
  let text = timeControlText(g.time_control);
  const c = g.to_move !== null && g.to_move !== undefined ? seatClock(g.to_move) : null;
  if (c && c.corr) {
    text += " · " + fmt(gettext("%(left)s left, move due by %(time)s"), { left: daysHours(c.total), time: formatDate(g.deadline) });
    if (c.paused) text += " · " + pausedText(c.paused);
  } else if (c && c.move !== null) {
    text += " · " + fmt(gettext("this move %(move)s + %(reserve)s reserve"), { move: mmss(c.move), reserve: mmss(c.reserve) });
  }
  $("clock").textContent = text;
  updateSeatClocks();
  updateMoreTime();
}
setInterval(() => { if (S.game) renderClock(); }, 1000);
