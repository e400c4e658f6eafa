// The table page's state and what reads it: the game, the seat's view and the legal moves,
// the events so far; reads of the API retried while the server is unavailable. table.js wires
// the page to it; table_clock.js and table_panels.js draw from it.
import { api, ApiError, currentUser } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { randomContribution } from "./fairness.js";

export const root = document.getElementById("table");
export const gameId = root.dataset.gameId;
export const me = currentUser();
export const $ = (id) => document.getElementById(id);

export const S = {
  game: null, // GET /games/<id>
  status: null,
  seat: null,
  seq: 0,
  view: null,
  viewSeq: -1, // the seq S.view and S.legal describe
  legal: [],
  events: [],
  lastEventSeq: 0,
  selected: null, // "a-b"
  dragging: null,
  resignArmed: false,
  focusHand: false, // a move was made here: put keyboard focus back on the hand
  myTurnAt: null, // the seq at which the viewer's current turn was last rendered
  // The contribution to the seed (record version 2): generated here, sent with the join.
  contribution: randomContribution(),
  contributionDirty: false, // edited in the box and not saved yet
  contributionAuto: false, // a seat without one got this page's random value (once)
};

export const tkey = (t) => `${Math.max(t[0], t[1])}-${Math.min(t[0], t[1])}`;
export const names = () => {
  const out = [];
  if (S.game) for (const s of S.game.seats) out[s.index] = s.username;
  return out;
};
export const plays = () => S.legal.filter((m) => m.action === "play");
export const playsFor = (key) => plays().filter((m) => tkey(m.tile) === key);
export const legalAction = (action) => S.legal.find((m) => m.action === action);

// A game's status only moves forward (open, active, then finished or abandoned): an answer
// that started before newer news must never take the page back.
const STATUS_RANK = { open: 0, active: 1, finished: 2, abandoned: 2 };
const rank = (status) => (status in STATUS_RANK ? STATUS_RANK[status] : -1);
export const notBehind = (status) => !!status && (S.status === null || rank(status) >= rank(S.status));

// -- the API, retried while the server is unavailable -------------------------------------------

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
// A network failure, a 5xx or a 429: worth trying again (a 4xx answer is final).
export const retryable = (err) => !(err instanceof ApiError) || err.status >= 500 || err.status === 429;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 10000;
let troubled = 0; // reads waiting to be retried

function showApiNotice(err, delayMs) {
  const p = $("api-notice");
  const what = err instanceof ApiError ? fmt(gettext("HTTP %(status)s"), { status: err.status }) : gettext("no connection");
  p.textContent = fmt(gettext("Reconnecting… the server did not answer (%(what)s); trying again in %(s)s s."), { what, s: Math.round(delayMs / 1000) });
  p.hidden = false;
}

function hideApiNotice() {
  const p = $("api-notice");
  if (p.hidden) return;
  p.hidden = true;
  p.textContent = "";
  if ($("move-error").dataset.outage === "true") showError("");
}

// GET ``path``; while it fails with a retryable error, say so and try again with a growing delay.
export async function read(path) {
  let delay = RETRY_FIRST_MS;
  let waiting = false;
  try {
    for (;;) {
      try {
        const answer = await api(path);
        if (waiting) { troubled--; waiting = false; }
        if (!troubled) hideApiNotice();
        return answer;
      } catch (err) {
        if (!retryable(err)) throw err;
        if (!waiting) { troubled++; waiting = true; }
        showApiNotice(err, delay);
        await sleep(delay + Math.random() * 250);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      }
    }
  } finally {
    if (waiting) {
      troubled--;
      if (!troubled) hideApiNotice();
    }
  }
}

export function showError(text) {
  const p = $("move-error");
  p.textContent = text;
  p.hidden = !text;
  delete p.dataset.outage;
}
