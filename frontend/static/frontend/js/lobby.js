// The lobby: open tables (join / open), games in progress (watch), the create form.
import { api, errorText, createThenOpen, currentUser } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { rulesetSummary, timeControlText, tableLink } from "./tiles.js";
import { randomContribution } from "./fairness.js";
import { pagedList } from "./pager.js";
import { timeControlFrom } from "./time_control.js";

const me = currentUser();
const openList = document.getElementById("open-tables");
const liveList = document.getElementById("live-tables");

function seatedHere(game) {
  return !!me && game.seats.some((s) => s.username === me);
}

function row(game, kind) {
  const li = document.createElement("li");
  li.className = "table-row";
  li.dataset.testid = kind;
  li.setAttribute("data-testid", kind);
  li.dataset.gameId = game.id;
  const info = document.createElement("div");
  info.className = "table-info";
  const title = tableLink(game);
  const seats = document.createElement("span");
  seats.className = "seats-taken";
  seats.dataset.testid = "seats-taken";
  seats.setAttribute("data-testid", "seats-taken");
  seats.textContent = fmt(ngettext("%(taken)s/%(total)s seat", "%(taken)s/%(total)s seats", game.players), { taken: game.seats.length, total: game.players });
  const names = document.createElement("span");
  names.className = "names";
  names.textContent = game.seats.map((s) => s.username + (s.is_bot ? " 🤖" : "")).join(", ");
  const rules = document.createElement("span");
  rules.className = "ruleset";
  rules.textContent = rulesetSummary(game.ruleset);
  const tc = document.createElement("span");
  tc.className = "time-control";
  tc.textContent = timeControlText(game.time_control) + (game.rated ? " · " + gettext("rated") : "");
  info.append(title, seats, names, rules, tc);
  const act = document.createElement("div");
  act.className = "table-actions";
  if (kind === "open-table") {
    if (seatedHere(game)) {
      const a = document.createElement("a");
      a.className = "button";
      a.href = `/games/${game.id}`;
      a.dataset.testid = "open";
      a.setAttribute("data-testid", "open");
      a.textContent = gettext("Open");
      act.append(a);
    } else if (me) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "primary";
      b.setAttribute("data-testid", "join");
      b.textContent = gettext("Join");
      b.disabled = game.seats.length >= game.players;
      b.addEventListener("click", async () => {
        b.disabled = true;
        try {
          // A random contribution to the seed (record version 2); the table page shows it
          // and lets the player change it until the start.
          await api(`games/${game.id}/join`, { method: "POST", body: { contribution: randomContribution() } });
          window.location.href = `/games/${game.id}`;
        } catch (err) {
          b.disabled = false;
          alertRow(li, errorText(err));
        }
      });
      act.append(b);
    } else {
      const a = document.createElement("a");
      a.className = "button";
      a.href = `/login?next=/games/${game.id}`;
      a.textContent = gettext("Log in to join");
      act.append(a);
    }
  } else {
    const a = document.createElement("a");
    a.className = "button";
    a.href = `/games/${game.id}`;
    a.setAttribute("data-testid", "watch");
    a.textContent = seatedHere(game) ? gettext("Play") : gettext("Watch");
    act.append(a);
  }
  li.append(info, act);
  return li;
}

function alertRow(li, text) {
  let p = li.querySelector(".form-error");
  if (!p) {
    p = document.createElement("p");
    p.className = "form-error";
    p.setAttribute("role", "alert");
    li.append(p);
  }
  p.textContent = text;
}

// Every 5 s while the server answers; after a failure (a 503 while it is busy, the network) the
// page says so and retries with backoff (2, 4, 8 … 30 s), keeping the last lists it had.
const REFRESH_MS = 5000;
const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 30000;
const lobbyStatus = document.getElementById("lobby-status");
let failures = 0;
let loaded = false;
let nextTimer = null;
let retryAt = 0;
let statusTimer = null;

function showRetry(err) {
  if (!lobbyStatus) return;
  const why = err && err.status
    ? fmt(gettext("The server did not answer (HTTP %(status)s)."), { status: err.status })
    : gettext("The server could not be reached.");
  const kept = loaded ? " " + gettext("Showing the last lists.") : "";
  const draw = () => {
    const left = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
    lobbyStatus.textContent = `${why}${kept} ` + (left > 0
      ? fmt(gettext("Retrying in %(n)s s…"), { n: left })
      : gettext("Retrying…"));
  };
  draw();
  lobbyStatus.hidden = false;
  clearInterval(statusTimer);
  statusTimer = setInterval(draw, 1000);
}

function hideRetry() {
  clearInterval(statusTimer);
  statusTimer = null;
  if (lobbyStatus) lobbyStatus.hidden = true;
}

// Each list a page at a time, "Show more" under it (pager.js); a refresh reloads what is shown.
const openPages = pagedList(openList, () => "games?status=open", (games) => {
  openList.replaceChildren(...games.map((g) => row(g, "open-table")));
  document.getElementById("open-empty").hidden = games.length > 0;
}, { testid: "show-more-open" });
const livePages = pagedList(liveList, () => "games?status=active", (games) => {
  liveList.replaceChildren(...games.map((g) => row(g, "live-table")));
  document.getElementById("live-empty").hidden = games.length > 0;
}, { testid: "show-more-live" });

async function refresh() {
  clearTimeout(nextTimer);
  let delay = REFRESH_MS;
  try {
    await Promise.all([openPages.load(), livePages.load()]);
    loaded = true;
    failures = 0;
    hideRetry();
  } catch (err) {
    // Keep the last lists (never claim "no tables" for lists not loaded), say so, back off.
    delay = Math.min(RETRY_FIRST_MS * 2 ** failures, RETRY_MAX_MS);
    failures += 1;
    retryAt = Date.now() + delay;
    showRetry(err);
  }
  nextTimer = setTimeout(refresh, delay);
}

refresh();

// -- create form -------------------------------------------------------------------------------
const form = document.getElementById("create-form");

// R3 / V1: the set a table uses decides the full number of rounds (N+1).
function setMaxFor(players, double12) {
  if (double12) return 12;
  if (players <= 3) return 9;
  if (players <= 8) return 12;
  if (players <= 12) return 15;
  return 18;
}

// V1: the double-12 hand table seats 2 to 10 players. Offer only what can be dealt, rather
// than let the server refuse it ("V1") after the click.
const DOUBLE12_MAX_PLAYERS = 10;
function updateChoices() {
  const f = form.elements;
  const tooMany = Number(f.players.value) > DOUBLE12_MAX_PLAYERS;
  if (tooMany) f.double12.checked = false;
  f.double12.disabled = tooMany;
  for (const o of f.players.options) o.disabled = f.double12.checked && Number(o.value) > DOUBLE12_MAX_PLAYERS;
}

function updateRounds() {
  updateChoices();
  const players = Number(form.elements.players.value);
  const n = setMaxFor(players, form.elements.double12.checked);
  const select = form.elements.rounds;
  const keep = select.value;
  const full = select.options[0];
  full.textContent = fmt(ngettext("Full match (%(n)s round)", "Full match (%(n)s rounds)", n + 1), { n: n + 1 });
  while (select.options.length > 1) select.remove(1);
  for (let r = 1; r <= n + 1; r++) {
    const o = document.createElement("option");
    o.value = String(r);
    o.textContent = fmt(ngettext("%(n)s round", "%(n)s rounds", r), { n: r });
    select.append(o);
  }
  select.value = keep && Number(keep) <= n + 1 ? keep : "";
}

// The body of POST /games from the create form's choices, for a table of ``players``.
function tableBody(players) {
  const f = form.elements;
  const variants = {};
  if (f.rounds.value) variants.rounds = Number(f.rounds.value);
  if (f.one_double.checked) variants.max_doubles_per_turn = 1;
  if (f.double_blank_zero.checked) variants.double_blank_points = 0;
  if (f.positive_scoring.checked) variants.scoring = "positive";
  if (f.first_turn_draw.checked) variants.first_turn = "draw";
  const time_control = timeControlFrom(f);
  return {
    players,
    name: f.name.value.trim(),
    hand_table: f.double12.checked && players <= DOUBLE12_MAX_PLAYERS ? "double12" : "classic",
    variants,
    time_control,
    rated: f.rated.checked,
    chat: f.chat.value,
    private: f.private.checked,
    contribution: randomContribution(), // the creator's seat's, changeable on the table page
  };
}

// Play vs bots in one click: a table of you and the bots, seated and started, then opened.
const quick = document.getElementById("quick-form");
if (quick && form) {
  quick.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = quick.querySelector('[data-testid="quick-error"]');
    error.hidden = true;
    const button = quick.querySelector('[data-testid="quick-play"]');
    button.disabled = true;
    const bots = Number(quick.elements.bots.value);
    const strategy = quick.elements.strategy.value;
    let game = null;
    try {
      const body = tableBody(bots + 1);
      // The form's rounds were chosen for its own player count: keep them only if they fit.
      if (body.variants.rounds && body.variants.rounds > setMaxFor(bots + 1, body.hand_table === "double12") + 1) {
        delete body.variants.rounds;
      }
      game = await api("games", { method: "POST", body });
      for (let i = 0; i < bots; i++) {
        await api(`games/${game.id}/bots`, { method: "POST", body: { strategy } });
      }
      await api(`games/${game.id}/start`, { method: "POST" });
      window.location.href = `/games/${game.id}`;
    } catch (err) {
      error.textContent = errorText(err);
      error.hidden = false;
      button.disabled = false;
      if (game) window.location.href = `/games/${game.id}`; // the table exists: finish there
    }
  });
}

// A rated table offers quick messages or no chat, never free chat: the chat follows the Rated
// box (free chat unless rated, as the server's default), and keeps a choice the player made.
let chatChosen = false;
function updateChat() {
  const f = form.elements;
  const free = f.chat.querySelector('option[value="free"]');
  free.disabled = f.rated.checked;
  if (f.rated.checked && f.chat.value === "free") f.chat.value = "quick";
  else if (!f.rated.checked && !chatChosen) f.chat.value = "free";
}

if (form) {
  updateRounds();
  updateChat();
  form.elements.rated.addEventListener("change", updateChat);
  form.elements.chat.addEventListener("change", () => { chatChosen = true; });
  form.elements.players.addEventListener("change", updateRounds);
  form.elements.double12.addEventListener("change", updateRounds);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = form.querySelector('[data-testid="form-error"]');
    error.hidden = true;
    const body = tableBody(Number(form.elements.players.value));
    const submit = form.querySelector('[data-testid="create-submit"]');
    await createThenOpen(submit, error, "games", body, (game) => `/games/${game.id}`);
  });
}
