// A tournament's page: registration (register, check in, withdraw), the countdown, rounds and
// tables linking to the live games, standings pushed over the socket as each table finishes,
// and the final places. Socket: ws/tournaments/<id>/ (the same detail the REST API answers);
// while it is down the page polls the REST detail every 5 s. An arena's parts (its clock, the
// live leaderboard, pause and berserk) are tournament_arena.js's.
import { api, errorText, currentUser } from "./api.js";
import { gettext, ngettext, fmt, ordinal } from "./i18n.js";
import { timeControlText, formatDate, statusText } from "./tiles.js";
import {
  Countdown, countdownText, el, entryStatusText, formatName, playerLink, showPlayBan,
  tournamentStatusText,
} from "./tournament_common.js";
import { watchPage } from "./socket.js";
import { mountChat } from "./chat.js";
import * as arena from "./tournament_arena.js";
import { renderBattle, teamFacts } from "./tournament_teams.js";

const root = document.getElementById("tournament");
const id = root.dataset.tournamentId;
const isArena = root.dataset.format === "arena";
const chatRoot = document.getElementById("chat-panel");
// The tournament's chat (chat.js), its messages live on this page's socket.
const chat = mountChat(chatRoot, { path: chatRoot.dataset.chatPath, mode: chatRoot.dataset.chatMode });
const me = currentUser();
const countdown = new Countdown();
const nextRound = new Countdown(); // the pause before the next round is seated
let detail = null;
let playBan = null; // the caller's play ban: in REST answers only (the socket's detail is public)
let myEntry = null; // the REST answer's "me", refreshed from the pushed detail
// The server's clock less this browser's, in ms (from seconds_until_start): the windows
// (registration, check-in) open by the server's clock, whatever this machine's says.
let clockSkew = 0;
let buttonsShown = ""; // which entry buttons show: the 1 s tick redraws them when it changes
let windowTimer = null;

function serverNow() {
  return Date.now() + clockSkew;
}

// -- my entry, from whichever detail came last -------------------------------------------------
function entryFrom(d) {
  if (!me) return null;
  const entry = d.entries.find((e) => e.username === me);
  if (!entry) return null;
  let game = null;
  const current = d.rounds_detail.find((r) => r.number === d.current_round);
  if (isArena) { // the table in play, whichever wave seated it
    const table = arena.tableOf(d, entry.id);
    game = table ? table.game : null;
  } else if (current) {
    for (const t of current.tables) {
      if (t.players.some((p) => p.entry === entry.id)) game = t.game;
    }
  }
  return { ...entry, current_game: game };
}

function show(d) {
  if (detail && d.version < detail.version) return; // an older push arriving late
  detail = d;
  myEntry = entryFrom(d);
  if ("my_play_ban" in d) playBan = d.my_play_ban;
  countdown.set(d.seconds_until_start);
  nextRound.set(d.seconds_until_next_round);
  if (typeof d.seconds_until_start === "number" && d.starts_at) {
    clockSkew = Date.parse(d.starts_at) - d.seconds_until_start * 1000 - Date.now();
  } else if (d.arena && d.status === "running" && d.arena.seconds_left > 0) {
    clockSkew = Date.parse(d.arena.ends_at) - d.arena.seconds_left * 1000 - Date.now();
  }
  if (isArena && arena.update(d, myEntry, serverNow())) refreshMe();
  renderHead(d);
  renderEntry(d);
  armWindowTimer(d);
  renderStandings(d);
  renderRounds(d);
  renderStillPlaying(d);
  renderFinal(d);
  renderEntrants(d);
  tick();
}

function fact(label, value, testid) {
  const div = el("div");
  div.append(el("dt", { text: label }), el("dd", { text: value, testid }));
  return div;
}

// The players entered: an arena's house bots (they fill tables that cannot fill) are not.
function players(d) {
  return isArena ? d.entries.filter((e) => !e.house_bot && arena.isActive(e)).length : d.entrants;
}

function renderHead(d) {
  document.getElementById("tournament-name").textContent = d.name;
  const status = document.getElementById("tournament-status");
  status.textContent = tournamentStatusText(d.status);
  status.dataset.status = d.status;
  root.dataset.status = d.status;
  document.getElementById("tournament-description").textContent = d.description || "";
  const facts = [
    fact(gettext("Format"), formatName(d.format)),
    fact(gettext("Starts"), formatDate(d.starts_at)),
  ];
  if (d.arena) facts.push(...arena.facts(d, fact));
  facts.push(...teamFacts(d));
  facts.push(
    fact(gettext("Players"), d.max_players ? `${players(d)}/${d.max_players}` : String(players(d)), "entrants-count"),
    fact(gettext("Tables of"), String(d.table_size)),
  );
  if (!d.arena) facts.push(fact(gettext("Rounds"), d.rounds === null ? gettext("until the final table") : String(d.rounds)));
  facts.push(
    fact(gettext("Time control"), timeControlText(d.time_control)),
    fact(gettext("Rated"), d.rated ? gettext("yes") : gettext("no")),
  );
  if (d.bots_only) facts.push(fact(gettext("Bots only"), gettext("bot accounts enter, people do not; never rated"), "bots-only"));
  if (d.format === "swiss" && d.rounds >= 3) { // late join can outlast round 1
    facts.push(fact(gettext("Late join"), fmt(ngettext("until half of the rounds have started; each round missed is a bye worth %(points)s point, a middle place", "until half of the rounds have started; each round missed is a bye worth %(points)s points, a middle place", d.bye_points), { points: d.bye_points }), "late-join"));
  }
  if (d.rounds !== 1 && !d.arena) facts.push(fact(gettext("Pause between rounds"), countdownText(d.round_pause_seconds), "round-pause"));
  if (d.check_in_opens_at) facts.push(fact(gettext("Check-in opens"), formatDate(d.check_in_opens_at)));
  if (d.current_round) facts.push(fact(d.arena ? gettext("Waves of tables") : gettext("Round"), String(d.current_round), "current-round"));
  if (d.cancelled_reason) facts.push(fact(gettext("Cancelled"), d.cancelled_reason));
  document.getElementById("tournament-facts").replaceChildren(...facts);
}

// Which entry buttons the detail allows now (by the server's clock).
function entryButtons(d) {
  const upcoming = d.status === "scheduled" || d.status === "registration";
  const active = myEntry && (myEntry.status === "registered" || myEntry.status === "checked_in");
  const now = serverNow();
  const closes = Date.parse(d.registration_closes_at), opens = Date.parse(d.registration_opens_at);
  const checkIn = d.check_in_opens_at ? Date.parse(d.check_in_opens_at) : null;
  const starts = Date.parse(d.starts_at);
  // A running Swiss takes late joiners, and players who withdrew back until the next seating.
  const late = d.status === "running" && d.late_join_open && !active
    && (!myEntry || myEntry.status === "withdrawn");
  const joinArena = isArena ? arena.buttons(d, myEntry, playBan, now) : {};
  return {
    // A banned player is told why instead (the play-ban line).
    register: !playBan && (late || !!joinArena.join || (d.status === "registration" && !active && now >= opens && now < closes)),
    "check-in": upcoming && checkIn !== null && now >= checkIn && now < starts
      && !!myEntry && myEntry.status === "registered",
    withdraw: !!active && d.status !== "finished" && d.status !== "cancelled",
    ...(isArena ? { pause: joinArena.pause, resume: joinArena.resume, berserk: arena.canBerserk(d, myEntry) } : {}),
  };
}

// Redraw the entry when a window opens or closes by the clock alone (no push says so): a
// timer at the next such moment, and the 1 s tick as a backstop.
function armWindowTimer(d) {
  clearTimeout(windowTimer);
  const now = serverNow();
  const moments = [d.registration_opens_at, d.registration_closes_at, d.check_in_opens_at, d.starts_at]
    .filter(Boolean).map((t) => Date.parse(t)).filter((t) => t > now);
  if (!moments.length) return;
  const wait = Math.min(...moments) - now + 50;
  if (wait < 2 ** 31 - 1) windowTimer = setTimeout(() => { if (detail) { renderEntry(detail); armWindowTimer(detail); } }, wait);
}

function renderEntry(d) {
  const line = document.getElementById("my-entry");
  const upcoming = d.status === "scheduled" || d.status === "registration";
  const active = myEntry && (myEntry.status === "registered" || myEntry.status === "checked_in");
  if (!me) {
    line.textContent = upcoming ? gettext("Log in to take part.") : "";
  } else if (!myEntry) {
    line.textContent = upcoming ? gettext("You are not registered.") : gettext("You are not playing in this tournament.");
  } else {
    // Once the tournament has placed everyone, the place is the news ("checked in" no longer is).
    let text = myEntry.final_place
      ? fmt(gettext("You finished %(place)s."), { place: ordinal(myEntry.final_place) })
      : fmt(gettext("You are %(status)s."), { status: entryStatusText(myEntry.status) });
    if (isArena && d.status === "running" && active) text = arenaPlace(d);
    if (!isArena && myEntry.joined_round > 1) text += " " + fmt(gettext("You joined late: seated from round %(n)s."), { n: myEntry.joined_round });
    line.textContent = text;
  }
  showPlayBan(document.getElementById("play-ban"), playBan, formatDate);
  const buttons = entryButtons(d);
  buttonsShown = JSON.stringify(buttons);
  for (const [name, visible] of Object.entries(buttons)) {
    const b = document.getElementById(name);
    if (b) { b.hidden = !visible; b.disabled = false; }
  }
  const tableLine = document.getElementById("my-table-line");
  const game = d.status === "running" && active && myEntry.current_game;
  tableLine.hidden = !game;
  if (game) document.getElementById("my-table").href = `/games/${game}`;
  if (isArena) {
    document.getElementById("berserk-done").hidden = !(game && arena.wentBerserk(d, myEntry));
    arena.renderDoing(d, myEntry, serverNow());
  }
}

// "You are in the arena", with the player's place and points once they have a line.
function arenaPlace(d) {
  const line = d.standings ? d.standings.lines.find((l) => l.entry === myEntry.id) : null;
  if (!line) return gettext("You are in the arena.");
  const points = fmt(ngettext("%(n)s pt", "%(n)s pts", line.points), { n: arena.pointsText(line.points) });
  return fmt(gettext("You are in the arena: %(place)s, %(points)s."), { place: ordinal(line.rank), points });
}

// The REST detail again (its "me": waiting since, berserk), soon: the player's table or state
// changed in a pushed detail, which is public.
let meTimer = null;
function refreshMe() {
  clearTimeout(meTimer);
  meTimer = setTimeout(poll, 300);
}

function tick() {
  const text = document.getElementById("countdown");
  if (!detail) return;
  const left = countdown.left();
  // An arena has no rounds to wait for: its clock counts to the end (tournament_arena.js).
  const pause = detail.status === "running" && !isArena ? nextRound.left() : null;
  if (isArena) {
    arena.renderClock(detail, serverNow());
    arena.renderDoing(detail, myEntry, serverNow());
  }
  if (isArena && detail.status === "running") {
    text.textContent = "";
  } else if (pause !== null) {
    text.textContent = pause > 0
      ? fmt(gettext("Round %(n)s starts in %(time)s"), { n: detail.current_round + 1, time: countdownText(pause) })
      : gettext("Seating the next round…");
  } else if (left === null) {
    text.textContent = detail.status === "running"
      ? fmt(gettext("Round %(n)s is being played."), { n: detail.current_round })
      : "";
  } else if (left > 0) {
    text.textContent = fmt(gettext("Starts in %(time)s"), { time: countdownText(left) });
  } else {
    text.textContent = gettext("Starting…");
  }
}

function renderStandings(d) {
  if (isArena) { renderBattle(d); arena.renderLeaderboard(d, me); return; }
  const rows = document.getElementById("standings-rows");
  const s = d.standings;
  document.getElementById("standings-empty").hidden = !!s;
  const note = document.getElementById("standings-note");
  if (!s) { rows.replaceChildren(); note.textContent = ""; return; }
  note.textContent = s.final ? gettext("final")
    : fmt(ngettext("%(n)s table finished · round %(r)s", "%(n)s tables finished · round %(r)s", s.tables), { n: s.tables, r: s.round });
  const scheme = s.points === "duplicate" ? gettext("Duplicate matchpoints") : gettext("Placement points");
  rows.replaceChildren(...s.lines.map((line) => {
    const tr = el("tr", { testid: "standings-row" });
    tr.dataset.username = line.username;
    if (line.username === me) tr.classList.add("me");
    const cells = [
      String(line.rank),
      null,
      line.points_exact.includes("/") ? `${line.points.toFixed(2)}` : line.points_exact,
      String(line.table_wins),
      line.opponent_points.toFixed(2),
      String(line.game_score),
      line.byes ? fmt(ngettext("%(games)s + %(byes)s bye", "%(games)s + %(byes)s byes", line.byes), { games: line.games, byes: line.byes }) : String(line.games),
    ];
    cells.forEach((c, i) => {
      const td = el("td");
      if (i === 1) {
        td.append(playerLink(line.username, line.is_bot));
        if (line.stand_in_for) td.append(el("span", { className: "hint", text: " " + fmt(gettext("for %(name)s"), { name: line.stand_in_for }) }));
      } else {
        td.textContent = c;
      }
      if (i === 2) { td.title = `${scheme}: ${line.points_exact}`; td.setAttribute("data-testid", "standings-points"); }
      tr.append(td);
    });
    return tr;
  }));
}

function renderRounds(d) {
  const box = document.getElementById("rounds");
  document.getElementById("rounds-empty").hidden = d.rounds_detail.length > 0;
  const mine = myEntry ? myEntry.id : null;
  box.replaceChildren(...[...d.rounds_detail].reverse().map((r) => {
    const section = el("section", { className: "t-round", testid: "round" });
    section.dataset.round = String(r.number);
    const done = r.tables.filter((t) => t.finished).length;
    const title = isArena ? fmt(gettext("Wave %(n)s"), { n: r.number }) : fmt(gettext("Round %(n)s"), { n: r.number });
    section.append(el("h3", { text: title + " · " + fmt(ngettext("%(done)s of %(all)s table finished", "%(done)s of %(all)s tables finished", r.tables.length), { done, all: r.tables.length }) }));
    const list = el("ul", { className: "table-list" });
    for (const t of r.tables) {
      const li = el("li", { className: "table-row", testid: "tournament-table" });
      li.dataset.game = t.game;
      if (mine !== null && t.players.some((p) => p.entry === mine)) li.classList.add("your-turn");
      const info = el("div", { className: "table-info" });
      const link = el("a", { className: "table-name", text: fmt(gettext("Table %(n)s"), { n: t.number }), testid: "table-link" });
      link.href = `/games/${t.game}`;
      info.append(link, el("span", { className: "badge", text: statusText(t.status), testid: "table-status" }));
      if (t.deal_group !== null) info.append(el("span", { className: "names", text: fmt(gettext("deal %(g)s"), { g: t.deal_group + 1 }) }));
      // A duplicate table whose deal another table still plays shows only that it is in play.
      if (t.seed_hidden) info.append(el("span", { className: "names", text: gettext("progress hidden until every table of this deal has finished"), testid: "table-hidden" }));
      const players = el("span", { className: "names" });
      t.players.forEach((p, i) => {
        if (i) players.append(", ");
        players.append(playerLink(p.username, p.is_bot));
        const extra = [];
        if (p.place !== null) extra.push(ordinal(p.place));
        if (p.total !== null) extra.push(fmt(ngettext("%(n)s pt", "%(n)s pts", p.total), { n: p.total }));
        if (p.left) extra.push(gettext("left"));
        if (extra.length) players.append(` (${extra.join(", ")})`);
      });
      info.append(players);
      li.append(info);
      list.append(li);
    }
    section.append(list);
    return section;
  }));
}

// The current round's tables still playing, to watch while one's own has finished.
function renderStillPlaying(d) {
  const panel = document.getElementById("still-playing-panel");
  const current = d.status === "running" ? d.rounds_detail.find((r) => r.number === d.current_round) : null;
  const playing = current && !isArena ? current.tables.filter((t) => !t.finished && t.status === "active") : [];
  const someDone = current ? current.tables.some((t) => t.finished) : false;
  panel.hidden = !(playing.length && someDone);
  if (panel.hidden) return;
  document.getElementById("still-playing").replaceChildren(...playing.map((t) => {
    const li = el("li", { className: "table-row", testid: "still-playing-table" });
    const link = el("a", { className: "table-name", text: fmt(gettext("Watch table %(n)s"), { n: t.number }), testid: "watch-table" });
    link.href = `/games/${t.game}`;
    const names = el("span", { className: "names" });
    t.players.forEach((p, i) => { if (i) names.append(", "); names.append(playerLink(p.username, p.is_bot)); });
    li.append(link, names);
    return li;
  }));
}

function renderFinal(d) {
  const panel = document.getElementById("final-places-panel");
  const done = d.status === "finished" && d.standings && d.standings.final;
  panel.hidden = !done;
  if (!done) return;
  const list = document.getElementById("final-places");
  const placed = d.entries.filter((e) => e.final_place !== null).sort((a, b) => a.final_place - b.final_place);
  list.replaceChildren(...placed.map((e) => {
    const li = el("li", { testid: "final-place" });
    li.value = e.final_place;
    li.dataset.username = e.username;
    if (e.username === me) li.classList.add("me");
    li.append(playerLink(e.username, e.is_bot));
    return li;
  }));
}

function renderEntrants(d) {
  const list = document.getElementById("entrants");
  document.getElementById("entrant-count").textContent = String(players(d));
  list.replaceChildren(...d.entries.map((e) => {
    const li = el("li", { testid: "entrant" });
    li.append(playerLink(e.username, e.is_bot));
    if (e.house_bot) li.append(el("span", { className: "badge", text: gettext("fills tables"), testid: "house-bot" }));
    else if (e.status !== "registered") li.append(el("span", { className: "badge", text: entryStatusText(e.status) }));
    if (e.stand_in_for) li.append(el("span", { className: "hint", text: " " + fmt(gettext("stands in for %(name)s"), { name: e.stand_in_for }) }));
    return li;
  }));
}

// -- actions -----------------------------------------------------------------------------------
for (const action of ["register", "check-in", "withdraw", "pause", "resume", "berserk"]) {
  const button = document.getElementById(action);
  if (!button) continue;
  button.addEventListener("click", async () => {
    const leaving = isArena
      ? gettext("Leave the arena? You leave the table you play at; your points are kept and you may join again before the end.")
      : gettext("Withdraw from the tournament? You leave your current game and play no further rounds.");
    if (action === "withdraw" && detail && detail.status === "running" && !window.confirm(leaving)) return;
    const error = document.getElementById("entry-error");
    error.hidden = true;
    button.disabled = true;
    try {
      show(await api(`tournaments/${id}/${action}`, { method: "POST" }));
    } catch (err) {
      if (err.body && err.body.code === "play_ban" && err.body.ban) {
        playBan = err.body.ban; // banned meanwhile: the play-ban line says why, not a refusal
        if (detail) renderEntry(detail);
        return;
      }
      error.textContent = errorText(err);
      error.hidden = false;
      button.disabled = false;
    }
  });
}

// -- live updates ------------------------------------------------------------------------------
const connection = document.getElementById("connection");
let pollTimer = null;

async function poll() {
  try { show(await api(`tournaments/${id}`)); } catch (e) { /* the next tick retries */ }
}

function startPolling() {
  if (pollTimer) return;
  connection.textContent = gettext("Reconnecting…");
  pollTimer = setInterval(poll, 5000);
}

function stopPolling() {
  clearInterval(pollTimer);
  pollTimer = null;
}

function connect() {
  watchPage(`/ws/tournaments/${id}/`, {
    root,
    onLive: () => { stopPolling(); connection.textContent = gettext("Live"); },
    onDown: startPolling,
    onMessage: (msg) => {
      if (msg.type === "tournament") show(msg.tournament);
      else if (msg.type === "chat") chat.receive(msg);
    },
  });
}

poll().then(connect);
setInterval(() => {
  tick();
  if (detail && JSON.stringify(entryButtons(detail)) !== buttonsShown) renderEntry(detail);
  // The countdown ran out: the start is the scheduler's; look again until it has happened.
  if (detail && countdown.left() === 0 && (detail.status === "registration" || detail.status === "scheduled")) {
    if (!root.dataset.live || root.dataset.live === "0") poll();
  }
}, 1000);
