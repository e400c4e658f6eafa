// The tournament list: running, upcoming (with live countdowns) and finished tournaments; the
// scheduling form for staff and organizers.
import { api, createThenOpen, currentUser } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { timeControlText, formatDate } from "./tiles.js";
import { pagedList } from "./pager.js";
import { timeControlFrom } from "./time_control.js";
import {
  Countdown, countdownText, entryStatusText, formatName, showPlayBan, tournamentStatusText,
} from "./tournament_common.js";

const GROUPS = ["running", "upcoming", "finished"];
const countdowns = new Map(); // tournament id -> [Countdown, element]
let refreshSoon = false;

function span(className, text, testid) {
  const s = document.createElement("span");
  s.className = className;
  s.textContent = text;
  if (testid) s.setAttribute("data-testid", testid);
  return s;
}

function row(t) {
  const li = document.createElement("li");
  li.className = "table-row";
  li.setAttribute("data-testid", "tournament-row");
  li.dataset.tournamentId = String(t.id);
  const info = document.createElement("div");
  info.className = "table-info";
  const title = document.createElement("a");
  title.href = `/tournaments/${t.id}`;
  title.className = "table-name";
  title.setAttribute("data-testid", "tournament-link");
  title.textContent = t.name;
  info.append(title, span("badge", tournamentStatusText(t.status), "tournament-status"));
  const players = t.max_players ? fmt(ngettext("%(n)s/%(max)s player", "%(n)s/%(max)s players", t.max_players), { n: t.entrants, max: t.max_players })
    : fmt(ngettext("%(n)s player", "%(n)s players", t.entrants), { n: t.entrants });
  info.append(span("names", `${formatName(t.format)} · ${players} · ${fmt(gettext("tables of %(n)s"), { n: t.table_size })}`));
  info.append(span("time-control", timeControlText(t.time_control) + (t.rated ? " · " + gettext("rated") : "") + (t.bots_only ? " · " + gettext("bots only") : "")));
  if (t.status === "running" && t.arena) {
    info.append(span("names", fmt(gettext("ends %(at)s"), { at: formatDate(t.arena.ends_at) })));
  } else if (t.status === "running") {
    info.append(span("names", fmt(gettext("round %(n)s"), { n: t.current_round })));
  } else if (t.status === "finished" && t.winner) {
    info.append(span("names", fmt(gettext("won by %(name)s"), { name: t.winner }), "winner"));
  } else if (t.status === "cancelled") {
    info.append(span("names", gettext("cancelled")));
  }
  if (t.seconds_until_start !== null) {
    const when = span("names", fmt(gettext("starts %(at)s"), { at: formatDate(t.starts_at) }));
    const counter = span("countdown", "", "countdown");
    const c = new Countdown();
    c.set(t.seconds_until_start);
    countdowns.set(t.id, [c, counter]);
    info.append(when, counter);
  }
  if (t.my_status) info.append(span("badge turn-badge", entryStatusText(t.my_status), "my-status"));
  const act = document.createElement("div");
  act.className = "table-actions";
  const open = document.createElement("a");
  open.className = "button";
  open.href = `/tournaments/${t.id}`;
  open.textContent = t.status === "registration" && !t.my_status ? gettext("Register") : gettext("Open");
  act.append(open);
  li.append(info, act);
  return li;
}

function tick() {
  for (const [, [c, el]] of countdowns) {
    const left = c.left();
    el.textContent = left > 0 ? fmt(gettext("in %(time)s"), { time: countdownText(left) }) : gettext("starting…");
    if (left === 0) refreshSoon = true;
  }
}

// Each group a page at a time, "Show more" under it (pager.js).
const groupPages = GROUPS.map((g) => {
  const list = document.getElementById(`tournaments-${g}`);
  // row() (re)sets each shown row's countdown.
  return pagedList(list, () => `tournaments?status=${g}`, (rows) => {
    list.replaceChildren(...rows.map(row));
    document.getElementById(`tournaments-${g}-empty`).hidden = rows.length > 0;
  }, { testid: `show-more-${g}` });
});

let busy = false;
async function refresh() {
  if (busy) return;
  busy = true;
  try {
    countdowns.clear();
    await Promise.all(groupPages.map((p) => p.load()));
    tick();
  } catch (err) {
    // Keep the last lists; the next refresh retries.
  } finally {
    busy = false;
  }
}

// A player under a play ban is told why and until when, above the lists.
async function showMyBan() {
  if (!currentUser()) return;
  try {
    const mine = await api("tournaments/play-ban");
    showPlayBan(document.getElementById("play-ban"), mine.ban, formatDate);
  } catch (err) { /* the next refresh retries */ }
}

refresh();
showMyBan();
setInterval(showMyBan, 60000);
setInterval(tick, 1000);
setInterval(() => { if (refreshSoon) { refreshSoon = false; refresh(); } }, 2000);
setInterval(refresh, 15000);

// -- scheduling form (staff and organizers) ----------------------------------------------------
const form = document.getElementById("tournament-form");
// An arena's fields show (and are sent) for an arena only; rounds and check-in are not its.
function showFormatFields() {
  const arena = form.elements.format.value === "arena";
  const box = form.querySelector(".arena-fields");
  box.hidden = !arena;
  for (const input of box.querySelectorAll("input")) input.disabled = !arena;
  for (const label of form.querySelectorAll(".not-arena")) {
    label.hidden = arena;
    label.querySelector("input").disabled = arena;
  }
}
if (form) {
  form.elements.format.addEventListener("change", showFormatFields);
  showFormatFields();
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const error = form.querySelector('[data-testid="form-error"]');
    error.hidden = true;
    const f = form.elements;
    const startsAt = new Date(Date.now() + Number(f.starts_in.value) * 60000);
    const body = {
      name: f.name.value.trim(),
      format: f.format.value,
      starts_at: startsAt.toISOString(),
      table_size: Number(f.table_size.value),
      rounds: f.rounds.disabled ? undefined : Number(f.rounds.value),
      rated: f.rated.checked,
      bots_only: f.bots_only.checked,
      no_show_policy: f.no_show_policy.value,
      withdrawal_policy: f.withdrawal_policy.value,
      time_control: timeControlFrom(f),
      variants: f.game_rounds.value ? { rounds: Number(f.game_rounds.value) } : {},
    };
    if (f.max_players.value) body.max_players = Number(f.max_players.value);
    if (body.format === "arena") {
      body.duration_minutes = Number(f.duration_minutes.value);
      body.arena_wait_seconds = Number(f.arena_wait_seconds.value);
      body.arena_bots = f.arena_bots.checked;
      body.berserk = f.berserk.checked;
    } else if (Number(f.check_in.value) > 0) {
      body.check_in_opens_at = new Date(startsAt.getTime() - Number(f.check_in.value) * 60000).toISOString();
    }
    const submit = form.querySelector('[data-testid="tournament-create"]');
    await createThenOpen(submit, error, "tournaments", body, (t) => `/tournaments/${t.id}`);
  });
}
