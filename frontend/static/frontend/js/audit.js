// The staff audit of a game: every event with who acted and when, the position after it with
// every hand and the boneyard (or exactly what one seat saw), the integrity verdict, and the
// adjudication forms. Positions are folded by the server in one pass; this page only draws.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext, ordinal } from "./i18n.js";
import { tileElement, statusText, timeControlText, formatDate, fact } from "./tiles.js";
import { describeEvent } from "./describe.js";
import { trainElement, showTrains, showStation } from "./board.js";
import { showFairPlay } from "./fair_play.js";

const root = document.getElementById("audit");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);
const slider = $("slider");
const PAGE = 500;

const S = {
  summary: null,
  viewer: "all",
  timelines: {}, // viewer -> {steps, constant}
  i: 0,
};

const names = () => (S.summary ? S.summary.seats.map((s) => s.username) : []);
const steps = () => (S.timelines[S.viewer] ? S.timelines[S.viewer].steps : []);

function showError(text) {
  $("audit-error").textContent = text || "";
  $("audit-error").hidden = !text;
}

// -- data --------------------------------------------------------------------------------------

async function loadTimeline(viewer) {
  if (S.timelines[viewer]) return S.timelines[viewer];
  const out = { steps: [], constant: null };
  let after = 0;
  for (;;) {
    const page = await api(`audit/games/${gameId}/steps?seat=${encodeURIComponent(viewer)}&after=${after}&limit=${PAGE}`);
    // Each step carries only what changed since the step before it: fold them in order.
    let last = null;
    for (const step of page.steps) {
      if (step.changes) {
        last = { ...(last || {}), ...step.changes };
        for (const k of step.removed || []) delete last[k];
        step.position = last;
      } else {
        last = null;
        step.position = null;
      }
      out.steps.push(step);
    }
    out.constant = out.constant || page.constant;
    if (page.next_after === null || page.next_after === undefined) break;
    after = page.next_after;
  }
  S.timelines[viewer] = out;
  return out;
}

async function loadSummary() {
  S.summary = await api(`audit/games/${gameId}`);
  renderSummary();
}

// -- the summary -------------------------------------------------------------------------------

function renderSummary() {
  const { game, seats, verdict } = S.summary;
  $("audit-title").textContent = game.name || game.id;
  const dl = $("facts");
  dl.replaceChildren();
  fact(dl, gettext("Status"), statusText(game.status), "audit-status");
  fact(dl, gettext("Events"), game.seq);
  fact(dl, gettext("Round"), game.round);
  fact(dl, gettext("To move"), game.to_move === null ? null : names()[game.to_move]);
  fact(dl, gettext("Clock"), timeControlText(game.time_control));
  fact(dl, gettext("Turn started"), formatDate(game.turn_started_at));
  fact(dl, gettext("Deadline"), formatDate(game.deadline));
  fact(dl, gettext("Started"), formatDate(game.started_at));
  fact(dl, gettext("Ended"), formatDate(game.finished_at));
  fact(dl, gettext("Rated"), game.rated ? gettext("yes") : gettext("no"));
  fact(dl, gettext("Seed commitment"), game.seed_commitment);
  fact(dl, gettext("Seed"), game.seed || gettext("secret until the match ends"));
  if (game.result && game.result.places) {
    fact(dl, gettext("Result"), game.result.places.map((p, s) => `${names()[s]}: ${p}`).join(", ") + (game.result.awarded ? " " + gettext("(awarded by staff)") : ""), "audit-result");
  }
  for (const s of seats) {
    const clock = [];
    if (s.is_bot) clock.push(gettext("bot"));
    if (s.resigned_at) clock.push(fmt(gettext("resigned %(t)s"), { t: formatDate(s.resigned_at) }));
    if (s.forfeited_at) clock.push(fmt(gettext("forfeited %(t)s"), { t: formatDate(s.forfeited_at) }));
    if (s.reserve_ms !== undefined && s.reserve_ms !== null) clock.push(fmt(gettext("reserve %(s)s s"), { s: Math.round(s.reserve_ms / 1000) }));
    if (s.timeouts_in_row) clock.push(fmt(ngettext("%(n)s timeout in a row", "%(n)s timeouts in a row", s.timeouts_in_row), { n: s.timeouts_in_row }));
    fact(dl, fmt(gettext("Seat %(n)s"), { n: s.index + 1 }), [s.username, ...clock].join(" · "));
  }
  renderVerdict(verdict);
  $("record-link").href = `/api/v1/audit/games/${gameId}/record`;
  $("record-link").setAttribute("download", `game-${gameId}.json`);

  const sel = $("as-seat");
  for (const o of [...sel.options]) if (o.value !== "all" && o.value !== "spectator") o.remove();
  for (const s of seats) {
    const o = document.createElement("option");
    o.value = String(s.index);
    o.textContent = fmt(gettext("Seat %(n)s: %(name)s"), { n: s.index + 1, name: s.username });
    sel.append(o);
  }
  sel.value = S.viewer;

  $("disputes").replaceChildren(...S.summary.disputes.map((d) => {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `/disputes/${d.id}`;
    a.textContent = fmt(gettext("#%(id)s %(category)s by %(name)s (%(status)s)"), { id: d.id, category: d.category, name: d.opened_by, status: d.status });
    li.append(a);
    return li;
  }));
  const dsel = $("adj-dispute");
  dsel.replaceChildren(dsel.options[0], ...S.summary.disputes.map((d) => {
    const o = document.createElement("option");
    o.value = String(d.id);
    o.textContent = `#${d.id} ${d.category}`;
    return o;
  }));
  const wanted = new URL(window.location.href).searchParams.get("dispute");
  if (wanted) dsel.value = wanted;
  $("actions").replaceChildren(...S.summary.staff_actions.map((a) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "staff-action");
    li.dataset.action = a.action;
    li.textContent = `${formatDate(a.created_at)} · ${a.staff} · ${a.action}${a.seq ? " @" + a.seq : ""}${a.reason ? " · " + a.reason : ""}`;
    return li;
  }));
  // The chat, both channels, each message at the move it was said after (chat app).
  $("audit-chat").replaceChildren(...(S.summary.chat || []).map((m) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "audit-chat-message");
    const where = m.channel === "players" ? gettext("players") : gettext("spectators");
    li.textContent = `@${m.seq} · ${formatDate(m.created_at)} · ${where} · ${m.author}: ${m.text}`;
    return li;
  }));
  const places = $("award-places");
  const current = (game.result && game.result.places) || seats.map((s) => s.index + 1);
  places.replaceChildren(...seats.map((s) => {
    const label = document.createElement("label");
    label.textContent = s.username + " ";
    const input = document.createElement("input");
    input.type = "number";
    input.min = "1";
    input.max = String(seats.length);
    input.value = String(current[s.index]);
    input.dataset.seat = String(s.index);
    input.setAttribute("data-testid", "award-place");
    label.append(input);
    return label;
  }));
}

function renderVerdict(v) {
  const box = $("verdict");
  box.dataset.ok = String(v.ok);
  box.className = `verdict ${v.ok ? "ok" : "failed"}`;
  const head = document.createElement("p");
  head.className = "verdict-head";
  head.setAttribute("data-testid", "verdict-text");
  head.textContent = v.ok
    ? fmt(ngettext("Integrity verified: %(n)s event replayed.", "Integrity verified: %(n)s events replayed.", v.events), { n: v.events })
    : fmt(gettext("Integrity check failed (%(check)s): %(reason)s"), { check: v.check, reason: v.reason });
  const parts = [head];
  if (!v.ok && v.seq !== null) {
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("data-testid", "verdict-seq");
    b.dataset.seq = String(v.seq);
    b.textContent = fmt(gettext("First bad event: %(seq)s"), { seq: v.seq });
    b.addEventListener("click", () => showSeq(v.seq));
    parts.push(b);
  }
  const ul = document.createElement("ul");
  ul.className = "verdict-checks";
  for (const c of v.checks) {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "verdict-check");
    li.dataset.check = c.check;
    li.dataset.outcome = c.outcome;
    const mark = { ok: "✓", failed: "✗", not_reached: "–" }[c.outcome] || "?";
    li.textContent = `${mark} ${gettext(c.title)}`;
    ul.append(li);
  }
  parts.push(ul);
  box.replaceChildren(...parts);
}

// -- a step ------------------------------------------------------------------------------------

function describeStep(step) {
  const nm = names();
  const d = step.data || {};
  const staff = (step.actor && step.actor.name) || gettext("staff");
  switch (step.type) {
    case "GameVoided": return fmt(gettext("%(name)s voided the game: %(reason)s"), { name: staff, reason: d.reason });
    case "ResultAwarded": return fmt(gettext("%(name)s awarded places %(places)s: %(reason)s"), { name: staff, places: (d.places || []).map((p, s) => `${nm[s] || s + 1} ${ordinal(p)}`).join(", "), reason: d.reason });
    case "RoundRestarted": return d.restart
      ? fmt(gettext("%(name)s dealt round %(round)s again (restart %(k)s): %(reason)s"), { name: staff, round: d.round, k: d.restart, reason: d.reason })
      : fmt(gettext("%(name)s restarted round %(round)s from event %(seq)s: %(reason)s"), { name: staff, round: d.round, seq: d.at_seq, reason: d.reason });
    case "RatingsReversed": return fmt(gettext("%(name)s reversed the rating changes: %(reason)s"), { name: staff, reason: d.reason });
    case "SeatResigned": return fmt(gettext("%(name)s resigned; a bot plays the seat."), { name: nm[d.seat] || d.seat });
    case "GameAbandoned": return gettext("Every player left: the game is abandoned.");
    default: return describeEvent({ type: step.type, data: d, actor: step.actor }, nm);
  }
}

function actorText(step) {
  const a = step.actor || {};
  const kind = a.kind || "system";
  const parts = [kind];
  if (a.name && kind !== "system") parts.push(a.name);
  if (step.data && step.data.by && step.data.by !== kind) parts.push(fmt(gettext("by %(by)s"), { by: step.data.by }));
  return parts.join(" · ");
}

function handElement(seat, tiles, count, pos) {
  const div = document.createElement("div");
  div.className = "replay-hand";
  div.setAttribute("data-testid", "audit-hand");
  div.dataset.seat = String(seat);
  div.dataset.count = String(count);
  if (pos.to_move === seat) div.classList.add("to-move");
  const title = document.createElement("h3");
  title.textContent = `${names()[seat] || seat} · ${fmt(ngettext("%(n)s tile", "%(n)s tiles", count), { n: count })}` + (pos.to_move === seat ? " · " + gettext("to move") : "");
  const row = document.createElement("div");
  row.className = "hand";
  if (tiles) {
    for (const t of tiles) row.append(tileElement(t[0], t[1], { testid: "hand-tile" }));
  } else {
    const hidden = document.createElement("span");
    hidden.className = "small";
    hidden.setAttribute("data-testid", "hand-hidden");
    hidden.textContent = gettext("hidden from this viewer");
    row.append(hidden);
  }
  div.append(title, row);
  return div;
}

function renderPosition(pos) {
  showStation($("station"), pos.engine, pos.engine_placed);
  showTrains($("trains"), pos.trains.map((t) => trainElement(t, { names: names(), openDoubles: pos.open_doubles }).div));
  const bone = $("boneyard");
  bone.dataset.count = String(pos.boneyard_count);
  const label = document.createElement("p");
  label.textContent = fmt(ngettext("Boneyard: %(n)s tile", "Boneyard: %(n)s tiles", pos.boneyard_count), { n: pos.boneyard_count });
  const row = document.createElement("div");
  row.className = "hand boneyard-tiles";
  if (pos.boneyard) for (const t of pos.boneyard) row.append(tileElement(t[0], t[1], { testid: "boneyard-tile" }));
  bone.replaceChildren(label, row);
  const hands = pos.hand_counts.map((count, s) => {
    let tiles = null;
    if (pos.hands) tiles = pos.hands[s];
    else if (pos.hand && String(S.viewer) === String(s)) tiles = pos.hand;
    return handElement(s, tiles, count, pos);
  });
  $("hands").replaceChildren(...hands);
  const table = document.createElement("table");
  table.className = "score-table";
  const head = document.createElement("tr");
  const th = (x) => { const c = document.createElement("th"); c.textContent = x; return c; };
  const td = (x) => { const c = document.createElement("td"); c.textContent = x; return c; };
  head.append(th(gettext("Round")), ...names().map(th));
  const rows = pos.round_scores.map((r, i) => { const tr = document.createElement("tr"); tr.append(td(String(i + 1)), ...r.map((x) => td(String(x)))); return tr; });
  const total = document.createElement("tr");
  total.className = "totals";
  total.append(th(gettext("Total")), ...pos.totals.map((x) => td(String(x))));
  table.append(head, ...rows, total);
  $("scores").replaceChildren(table);
}

function show(i) {
  const all = steps();
  if (!all.length) return;
  i = Math.max(0, Math.min(all.length - 1, i));
  const previous = S.i;
  S.i = i;
  slider.value = String(i);
  const step = all[i];
  root.dataset.seq = String(step.seq);
  root.dataset.viewer = String(S.viewer);
  $("position").textContent = fmt(gettext("Event %(seq)s of %(n)s · %(type)s"), { seq: step.seq, n: all[all.length - 1].seq, type: step.type });
  $("step-actor").textContent = actorText(step);
  $("step-actor").dataset.kind = (step.actor && step.actor.kind) || "system";
  const prior = i > 0 ? all[i - 1] : null;
  const took = prior ? (new Date(step.at) - new Date(prior.at)) / 1000 : null;
  $("step-time").textContent = formatDate(step.at) + (took !== null ? " · " + fmt(gettext("+%(s)s s"), { s: took.toFixed(1) }) : "");
  $("step-text").textContent = describeStep(step);
  if (step.position) {
    const pos = { ...(S.timelines[S.viewer].constant || {}), ...step.position };
    renderPosition(pos);
    showError("");
  } else {
    showError(step.error || gettext("No position at this event."));
  }
  const log = $("log");
  const old = log.children[previous];
  if (old) { old.classList.remove("current"); old.removeAttribute("aria-current"); }
  const cur = log.children[i];
  if (cur) {
    cur.classList.add("current");
    cur.setAttribute("aria-current", "step");
    if (cur.scrollIntoView && log.scrollHeight > log.clientHeight) {
      log.scrollTop = cur.offsetTop - log.offsetTop - log.clientHeight / 2;
    }
  }
  $("adj-at-seq").value = String(step.seq);
  const url = new URL(window.location.href);
  url.searchParams.set("seq", String(step.seq));
  window.history.replaceState(null, "", url);
}

function showSeq(seq) {
  const i = steps().findIndex((s) => s.seq === seq);
  if (i >= 0) show(i);
}

function renderLog() {
  const all = steps();
  $("log").replaceChildren(...all.map((step, i) => {
    const li = document.createElement("li");
    li.value = step.seq;
    li.setAttribute("data-testid", "audit-log-entry");
    li.dataset.seq = String(step.seq);
    li.dataset.kind = (step.actor && step.actor.kind) || "system";
    if (step.adjudication) li.classList.add("adjudication");
    if (S.summary && !S.summary.verdict.ok && S.summary.verdict.seq === step.seq) li.classList.add("bad");
    li.textContent = `[${li.dataset.kind}] ${describeStep(step)}`;
    li.addEventListener("click", () => show(i));
    return li;
  }));
  slider.max = String(Math.max(0, all.length - 1));
}

async function setViewer(viewer) {
  const seq = steps().length ? steps()[S.i].seq : null;
  try {
    await loadTimeline(viewer);
  } catch (err) {
    showError(errorText(err));
    $("as-seat").value = S.viewer;
    return;
  }
  S.viewer = viewer;
  renderLog();
  if (seq !== null) showSeq(seq);
  else show(0);
}

// -- adjudication ------------------------------------------------------------------------------

async function adjudicate(path, extra) {
  const reason = $("adj-reason").value.trim();
  const out = $("adj-result");
  if (!reason) { out.textContent = gettext("Give a reason."); return; }
  const body = { reason, ...extra };
  const dispute = $("adj-dispute").value;
  if (dispute) body.dispute = Number(dispute);
  try {
    const res = await api(`audit/games/${gameId}/${path}`, { method: "POST", body });
    out.textContent = fmt(gettext("Done: %(type)s appended as event %(seq)s; the game is %(status)s."), { type: res.type, seq: res.seq, status: statusText(res.status) });
    $("adj-reason").value = "";
    S.timelines = {};
    await loadSummary();
    await setViewer(S.viewer);
    show(steps().length - 1);
  } catch (err) {
    out.textContent = errorText(err);
  }
}

$("adj-void").addEventListener("click", () => adjudicate("void", {}));
$("adj-reverse").addEventListener("click", () => adjudicate("reverse-ratings", {}));
$("adj-award").addEventListener("click", () => {
  const places = [...document.querySelectorAll('[data-testid="award-place"]')].map((i) => Number(i.value));
  adjudicate("award", { places });
});
$("adj-restart").addEventListener("click", () => adjudicate("restart-round", { at_seq: $("adj-at-seq").value ? Number($("adj-at-seq").value) : null }));

// -- start -------------------------------------------------------------------------------------

async function init() {
  try {
    await loadSummary();
    await loadTimeline("all");
  } catch (err) {
    showError(errorText(err));
    return;
  }
  renderLog();
  if ($("fair-play")) showFairPlay($("fair-play"), S.summary.seats.filter((s) => !s.is_bot).map((s) => s.username));
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("prev").addEventListener("click", () => show(S.i - 1));
  $("next").addEventListener("click", () => show(S.i + 1));
  $("as-seat").addEventListener("change", (ev) => setViewer(ev.target.value));
  document.addEventListener("keydown", (ev) => {
    const tag = ev.target && ev.target.tagName;
    if (ev.target === slider || tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (ev.key === "ArrowLeft") { ev.preventDefault(); show(S.i - 1); }
    if (ev.key === "ArrowRight") { ev.preventDefault(); show(S.i + 1); }
  });
  const wanted = Number(new URL(window.location.href).searchParams.get("seq") || 0);
  const i = steps().findIndex((s) => s.seq === wanted);
  show(i >= 0 ? i : 0);
}

init();
