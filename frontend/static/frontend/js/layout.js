// The table on one screen (issue 15): the folding side panels and the seat strip that keeps the
// seat to move in view. The layout itself is CSS (site.css, "the table layout").
import { gettext, ngettext, fmt } from "./i18n.js";

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
