// The result at the top of an ended table (issue 15): places (ties share one), totals, the
// viewer's place, each rated player's rating change, and the next steps: the replay, the
// fair-deal check, "Play again with the same seats", back to the tournament.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext, ordinal } from "./i18n.js";

const ENDED = ["finished", "abandoned"];
const RATING_POLLS = [1000, 2000, 3000, 5000, 8000, 13000]; // ms: the ratings task runs after the end

const R = {
  shownFor: null, // the status the panel was last rendered for ("" while not ended)
  polls: 0, // detail refreshes asked for while the ratings were pending
  pollTimer: null,
  busy: false, // the rematch request is under way
  error: "",
  // The match ended on this page and its heading took focus: later renders (the last round's
  // summary, a late REST answer, the ratings poll) give it back until the player acts.
  holdFocus: false,
};

// The player's own key or pointer: from then on focus is theirs, not the heading's.
for (const type of ["keydown", "pointerdown"]) {
  document.addEventListener(type, () => { R.holdFocus = false; }, true);
}

const el = (tag, attrs = {}, text = "") => {
  const x = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) x.setAttribute(k, v);
  if (text) x.textContent = text;
  return x;
};

const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

// Open every closed <details> around ``target`` and bring it into view with focus on it.
export function reveal(target) {
  for (let p = target; p; p = p.parentElement) if (p.tagName === "DETAILS") p.open = true;
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
}

function ratingLine(c) {
  return fmt(gettext("rating %(before)s → %(after)s (%(change)s)"), {
    before: c.before, after: c.after, change: signed(c.change),
  });
}

function ratingsNote(ratings) {
  if (!ratings) return "";
  if (ratings.state === "pending") return gettext("Rating changes are on their way…");
  if (ratings.state === "aborted") return gettext("This game was not rated: a player left before playing a turn of their own.");
  if (ratings.state === "reversed") return gettext("The rating changes of this game were reversed by the staff.");
  return "";
}

function placesList(g, res, nm, me) {
  const ratings = g.ratings && g.ratings.changes ? g.ratings.changes : [];
  const bySeat = new Map(ratings.map((c) => [c.seat, c]));
  const ol = el("ol", { class: "places", "data-testid": "places" });
  const order = res.places.map((p, i) => [p, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [p, i] of order) {
    const mine = !!me && nm[i] === me;
    const li = el("li", { "data-testid": "place", "data-seat": String(i), "data-place": String(p) });
    if (mine) li.classList.add("mine");
    if (p === 1) li.classList.add("winner");
    li.append(el("span", { class: "place-line" }, fmt(ngettext("%(place)s %(name)s – %(total)s point", "%(place)s %(name)s – %(total)s points", res.totals[i]), {
      place: ordinal(p), name: nm[i] || i + 1, total: res.totals[i],
    })));
    if (mine) li.append(" ", el("span", { class: "you" }, gettext("(you)")));
    const c = bySeat.get(i);
    if (c) {
      const span = el("span", { class: "rating-change", "data-testid": "rating-change" }, ratingLine(c));
      span.classList.add(c.change > 0 ? "up" : c.change < 0 ? "down" : "same");
      li.append(" ", span);
    }
    ol.append(li);
  }
  return ol;
}

function headline(g, res, nm, me, status) {
  if (status === "abandoned") return gettext("Every player left before the end, so this game has no result.");
  if (!res || !res.places) return "";
  const i = me ? nm.findIndex((n) => n === me) : -1;
  const winners = res.places.map((p, s) => [p, s]).filter(([p]) => p === 1).map(([, s]) => nm[s] || s + 1);
  if (i >= 0 && res.places[i] === 1) {
    return winners.length > 1 ? gettext("You share first place!") : gettext("You won!");
  }
  if (i >= 0) return fmt(gettext("You finished %(place)s of %(players)s."), { place: ordinal(res.places[i]), players: res.places.length });
  return fmt(gettext("Won by %(names)s."), { names: winners.join(", ") });
}

async function playAgain(ctx) {
  if (R.busy) return;
  R.busy = true;
  R.error = "";
  ctx.rerender();
  try {
    const g = await api(`games/${ctx.gameId}/rematch`, { method: "POST" });
    window.location.assign(`/games/${g.id}`);
  } catch (err) {
    R.busy = false;
    R.error = errorText(err);
    ctx.rerender();
  }
}

function actions(ctx, status) {
  const { game: g, gameId, me } = ctx;
  const row = el("div", { class: "result-actions" });
  if (status === "finished") {
    row.append(el("a", { href: `/games/${gameId}/replay`, class: "button primary", "data-testid": "replay-link" }, gettext("Watch the replay")));
  }
  const verify = document.getElementById("verify-offline");
  if (g.seed && verify) {
    const a = el("a", { href: "#verify-offline", class: "button", "data-testid": "verify-link" }, gettext("Verify this deal"));
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      reveal(verify);
      history.replaceState(null, "", "#verify-offline");
    });
    row.append(a);
  }
  const seated = !!me && g.seats.some((s) => s.username === me);
  if (g.tournament) {
    row.append(el("a", { href: `/tournaments/${g.tournament}`, class: "button", "data-testid": "tournament-link" }, gettext("Back to the tournament")));
  } else if (g.rematch && seated) {
    row.append(el("a", { href: `/games/${g.rematch}`, class: "button", "data-testid": "rematch-link" }, gettext("Go to the rematch table")));
  } else if (seated) {
    const b = el("button", { type: "button", class: "button", "data-testid": "rematch" }, R.busy ? gettext("Opening a new table…") : gettext("Play again with the same seats"));
    b.disabled = R.busy;
    b.addEventListener("click", () => playAgain(ctx));
    row.append(b);
  }
  return row;
}

// Ask for the game again a few times while its ratings are pending (the task applying them
// runs a moment after the end).
function pollRatings(ctx) {
  const g = ctx.game;
  if (R.pollTimer || !g.ratings || g.ratings.state !== "pending" || ctx.status !== "finished") return;
  if (R.polls >= RATING_POLLS.length) return;
  R.pollTimer = setTimeout(() => {
    R.pollTimer = null;
    R.polls++;
    ctx.refresh();
  }, RATING_POLLS[R.polls]);
}

// ctx: { box, game, status, view, names, me, gameId, focusWasHere, focusFree, refresh(), rerender() }
// focusWasHere: focus was on the hand, the board or the moves; focusFree: it was nowhere (on
// the body, or on an element a render removed: a played tile that left nothing to return to).
export function renderResult(ctx) {
  const { box, game: g, status } = ctx;
  const done = ENDED.includes(status);
  const endedNow = done && R.shownFor === ""; // it ended while the page was open
  R.shownFor = done ? status : "";
  box.hidden = !done;
  if (!done) return;
  const res = (ctx.view && ctx.view.result) || g.result;
  const nm = ctx.names;
  const h = el("h2", { id: "result-title", tabindex: "-1", "data-testid": "result-title" }, status === "abandoned" ? gettext("Game over: abandoned") : gettext("Game over"));
  const parts = [h];
  const line = headline(g, res, nm, ctx.me, status);
  if (line) parts.push(el("p", { class: "result-headline", "data-testid": "result-headline" }, line));
  if (res && res.places) parts.push(placesList(g, res, nm, ctx.me));
  const note = ratingsNote(g.ratings);
  if (note) parts.push(el("p", { class: "hint", "data-testid": "ratings-note" }, note));
  parts.push(actions(ctx, status));
  if (R.error) parts.push(el("p", { class: "form-error", role: "alert", "data-testid": "rematch-error" }, R.error));
  const hadFocus = box.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
  box.replaceChildren(...parts);
  if (hadFocus) {
    const again = box.querySelector(`[data-testid="${hadFocus}"]`);
    if (again) again.focus();
  } else if (endedNow ? ctx.focusWasHere || ctx.focusFree : R.holdFocus && (ctx.focusWasHere || ctx.focusFree)) {
    // The hand's moves are gone: the heading is the next thing to read, whichever of the
    // socket's push, the REST answers and the round's summary came first.
    h.focus();
    R.holdFocus = true;
  }
  pollRatings(ctx);
}
