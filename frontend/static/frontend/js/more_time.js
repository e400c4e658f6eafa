// "Give more time" (issue 34, games.more_time): a seated player gives the opponent to move more
// time on the move under way; the server logs it (MoreTimeGiven) and every table hears it.
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { duration } from "./describe.js";
import { S, $, gameId, names } from "./table_state.js";

// The amounts offered, in seconds, by the table's kind of clock (the server's bounds: 15 s to
// 5 min live, 1 to 7 days in correspondence).
const AMOUNTS = { live: [15, 30, 60, 300], correspondence: [86400, 2 * 86400, 3 * 86400, 7 * 86400] };
const PER_GAME = 3; // gifts by one player in one game (games.more_time.MORE_TIME_PER_GAME)

const box = $("more-time");
const amount = $("more-time-amount");
const give = $("more-time-give");
const status = $("more-time-status");

// The seat the viewer may give more time to now, or null.
function recipient() {
  const g = S.game;
  if (!g || S.status !== "active" || S.seat === null || S.seat === undefined) return null;
  if (g.tournament || g.progress_hidden || g.to_move === null || g.to_move === S.seat) return null;
  const mine = g.seats.find((s) => s.index === S.seat);
  const theirs = g.seats.find((s) => s.index === g.to_move);
  if (!mine || !theirs || mine.resigned || mine.forfeited || (mine.more_time_given || 0) >= PER_GAME) return null;
  if (theirs.resigned || theirs.forfeited || (theirs.is_bot && !theirs.owned_bot)) return null;
  return theirs;
}

// Show the box when there is someone to give time to (called with each clock redraw).
export function updateMoreTime() {
  if (!box) return;
  const seat = recipient();
  box.hidden = !seat;
  if (!seat) return;
  const kind = (S.game.time_control || {}).kind === "correspondence" ? "correspondence" : "live";
  if (amount.dataset.kind !== kind) {
    amount.dataset.kind = kind;
    amount.replaceChildren(...AMOUNTS[kind].map((s) => new Option(duration(s), String(s))));
  }
  const label = fmt(gettext("Give %(name)s more time"), { name: names()[seat.index] || seat.index + 1 });
  if (give.textContent !== label) give.textContent = label;
  give.dataset.seat = String(seat.index);
}

if (give) {
  give.addEventListener("click", async () => {
    const seat = Number(give.dataset.seat);
    const seconds = Number(amount.value);
    give.disabled = true;
    status.textContent = "";
    try {
      await api(`games/${gameId}/more-time`, { method: "POST", body: { seat, seconds, expected_seq: S.game.seq } });
      status.textContent = fmt(gettext("You gave %(name)s %(amount)s more."), { name: names()[seat] || seat + 1, amount: duration(seconds) });
    } catch (err) {
      status.textContent = errorText(err);
    } finally {
      give.disabled = false;
    }
  });
}
