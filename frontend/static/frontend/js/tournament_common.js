// What the tournament pages share: names of formats and statuses, countdowns.
import { gettext, fmt } from "./i18n.js";

// An element with an optional class, text and test id (the tournament pages build their lists
// from these; text is always text, never HTML).
export function el(tag, { className, text, testid } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  if (testid) node.setAttribute("data-testid", testid);
  return node;
}

export function formatName(format) {
  return {
    swiss: gettext("Swiss"), elimination: gettext("Elimination"),
    duplicate: gettext("Duplicate"), single: gettext("Single table"), arena: gettext("Arena"),
  }[format] || format;
}

export function tournamentStatusText(status) {
  return {
    scheduled: gettext("scheduled"), registration: gettext("registration open"),
    running: gettext("running"), finished: gettext("finished"), cancelled: gettext("cancelled"),
  }[status] || status;
}

export function entryStatusText(status) {
  return {
    registered: gettext("registered"), checked_in: gettext("checked in"),
    withdrawn: gettext("withdrawn"), no_show: gettext("no-show"),
  }[status] || status;
}

// "2 d 03:04:05", "03:04:05" or "04:05" left.
export function countdownText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  const clock = h || d ? `${two(h)}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
  return d ? fmt(gettext("%(d)s d %(clock)s"), { d, clock }) : clock;
}

// A countdown that keeps its own time: the server gives seconds left, the page counts down.
export class Countdown {
  constructor() { this.deadline = null; }
  set(seconds) { this.deadline = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000; }
  left() { return this.deadline === null ? null : Math.max(0, (this.deadline - Date.now()) / 1000); }
}

export function playerLink(username, isBot) {
  const a = document.createElement("a");
  a.href = `/players/${encodeURIComponent(username)}`;
  a.textContent = username;
  a.setAttribute("data-testid", "player-link");
  if (isBot) {
    const badge = document.createElement("span");
    badge.className = "badge bot";
    badge.textContent = gettext("bot");
    const wrap = document.createElement("span");
    wrap.append(a, badge);
    return wrap;
  }
  return a;
}

// A play ban's words: why and until when the player may not join new events.
export function playBanText(ban, formatDate) {
  const reason = {
    no_show: gettext("a no-show"), early_leave: gettext("leaving a table before its end"),
  }[ban.reason] || ban.reason;
  return fmt(gettext("You may not join new events until %(end)s, because of %(reason)s. Offences stop counting after a week."),
    { end: formatDate(ban.ends_at), reason });
}

// Show ``ban`` (or hide the line when there is none) in ``node``.
export function showPlayBan(node, ban, formatDate) {
  if (!node) return;
  node.hidden = !ban;
  node.textContent = ban ? playBanText(ban, formatDate) : "";
}
