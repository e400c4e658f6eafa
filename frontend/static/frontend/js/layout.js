// The table on one screen (issue 15): the folding side panels and the seat strip that keeps the
// seat to move in view; on a phone (issue 31) the board kept clear of the sticky bars and the
// chat's news shown beside the seats. The layout itself is CSS (site.css, "the table layout").
import { gettext, ngettext, fmt } from "./i18n.js";
import { reveal } from "./result.js";

// Side panels are shown beside the board from this width on (site.css uses the same figure).
const WIDE = window.matchMedia("(min-width: 1100px)");

let foldedFor = null; // the status the panels were last folded for: the player's own choice stays

// Open or close the "Moves" and "Fair deal" panels for the game's status: while it is played the
// fair deal is folded (and the moves too when they would be under the board, on narrow screens);
// before the start and after the end both are open. Only when the status changes, so a panel
// the player opened or closed stays so.
export function foldPanels(status) {
  if (!status || status === foldedFor) return;
  foldedFor = status;
  const playing = status === "active";
  const moves = document.getElementById("moves-panel");
  const fair = document.getElementById("fairness");
  if (moves) moves.open = !playing || WIDE.matches;
  if (fair) fair.open = !playing;
}

// "23 entries" in the folded panel's summary line.
export function movesCountText(n) {
  return n ? fmt(ngettext("%(n)s entry", "%(n)s entries", n), { n }) : gettext("none yet");
}

// Scroll the seat strip (a row that scrolls sideways on phones) so the card of the seat to move
// shows; the page itself never scrolls for it. A strip that scrolls is a stop for the keyboard.
export function keepSeatInView(strip, card) {
  if (!strip) return;
  const scrolls = strip.scrollWidth > strip.clientWidth + 1;
  if (scrolls) strip.tabIndex = 0;
  else strip.removeAttribute("tabindex");
  if (!card || !scrolls) return;
  const left = card.offsetLeft - strip.offsetLeft;
  const right = left + card.offsetWidth;
  if (left < strip.scrollLeft) strip.scrollLeft = left;
  else if (right > strip.scrollLeft + strip.clientWidth) strip.scrollLeft = right - strip.clientWidth;
}

// The move log, once unfolded, shows its newest entries.
const movesPanel = document.getElementById("moves-panel");
if (movesPanel) {
  movesPanel.addEventListener("toggle", () => {
    const log = document.getElementById("move-log");
    if (movesPanel.open && log) log.scrollTop = log.scrollHeight;
  });
}

// -- the sticky bars: what the page keeps clear of them (issue 31) ------------------------------

// The part of the viewport the board shows in: under a stuck seat strip (phones) and above the
// stuck hand bar. A bar that is not stuck (scrolled back to its place, or the ended table's
// static hand) takes nothing.
function stuckHeights() {
  const bar = document.getElementById("my-side");
  const strip = document.querySelector(".seats-panel");
  const sticky = (el) => !!el && !el.hidden && getComputedStyle(el).position === "sticky";
  return {
    top: sticky(strip) ? strip.getBoundingClientRect().height : 0,
    bottom: sticky(bar) ? bar.getBoundingClientRect().height : 0,
  };
}

// While a tile is picked the root's scroll padding is the bars' heights, so the browser's own
// scrolling (Tab from train to train) leaves the trains it brings into view clear of them. Not
// otherwise: with it, focusing a tile of the stuck hand bar (after every move) scrolled the page
// until the bar was back in its place at the page's end.
let clearing = false;
function updateClearance() {
  const root = document.documentElement.style;
  const { top, bottom } = clearing ? stuckHeights() : { top: 0, bottom: 0 };
  root.scrollPaddingTop = top ? `${Math.ceil(top)}px` : "";
  root.scrollPaddingBottom = bottom ? `${Math.ceil(bottom)}px` : "";
}
if ("ResizeObserver" in window) {
  const seen = new ResizeObserver(() => { if (clearing) updateClearance(); });
  for (const el of [document.getElementById("my-side"), document.querySelector(".seats-panel")]) {
    if (el) seen.observe(el);
  }
}

export function keepClearOfBars(on) {
  if (on === clearing) return;
  clearing = on;
  updateClearance();
}

const CLEARANCE = 6; // px between a target and a bar

// Scroll the page (at once, no smooth motion) so that every element of ``targets`` shows between
// the stuck seat strip and the stuck hand bar; the topmost first when they do not all fit. The
// page does not move when they show already.
export function revealTargets(targets) {
  if (!targets.length) return;
  const { top, bottom } = stuckHeights();
  const low = top + CLEARANCE;
  const high = window.innerHeight - bottom - CLEARANCE;
  const boxes = targets.map((t) => t.getBoundingClientRect());
  const first = Math.min(...boxes.map((b) => b.top));
  const last = Math.max(...boxes.map((b) => b.bottom));
  let dy = 0;
  if (last > high) dy = last - high;
  if (first - dy < low) dy = first - low;
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: "instant" });
}

// A line under the seats while the folded chat holds messages not read: it opens the chat
// (chat.js counts them on the chat's own toggle too, where a phone's page ends).
export function mountChatJump(chatRoot, jump) {
  if (!chatRoot || !jump) return;
  chatRoot.addEventListener("chat:unread", (ev) => {
    const n = ev.detail.count;
    jump.hidden = !n;
    jump.textContent = n ? fmt(ngettext("%(n)s new message in the chat", "%(n)s new messages in the chat", n), { n }) : "";
  });
  jump.addEventListener("click", () => {
    const list = chatRoot.querySelector("[data-chat-list]");
    reveal(list || chatRoot);
  });
}
