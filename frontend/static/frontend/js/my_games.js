// The user's games, most urgent first (see GET /api/v1/games?mine=1).
import { api, currentUser, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { statusText, timeControlText, formatDate, tableLink } from "./tiles.js";
import { pagedList } from "./pager.js";
import { saveGames } from "./pwa.js";

const me = currentUser();
const list = document.getElementById("my-games");

// The server sorts by urgency: your turn (earliest deadline first), waiting, open, ended; a
// page at a time, "Show more" under the list (pager.js).
const gamePages = pagedList(list, () => "games?mine=1", draw, { testid: "show-more-games" });
const load = () => gamePages.load().catch(() => {}); // the next refresh tries again

function draw(games) {
  const seatOf = (g) => g.seats.find((s) => s.username === me).index;
  const rows = games.map((g) => {
    const li = document.createElement("li");
    li.className = "table-row";
    li.setAttribute("data-testid", "my-game");
    li.dataset.gameId = g.id;
    const yourTurn = g.status === "active" && g.to_move === seatOf(g);
    if (yourTurn) li.classList.add("your-turn");
    const a = tableLink(g);
    const st = document.createElement("span");
    st.className = "badge";
    st.textContent = statusText(g.status);
    const turn = document.createElement("span");
    turn.setAttribute("data-testid", "whose-turn");
    if (g.status === "active" && g.to_move !== null) {
      const who = g.seats.find((s) => s.index === g.to_move);
      turn.textContent = yourTurn ? gettext("Your turn") : fmt(gettext("Waiting for %(name)s"), { name: who ? who.username : g.to_move + 1 });
    }
    const dl = document.createElement("span");
    dl.textContent = g.deadline && g.status === "active" ? fmt(gettext("move due by %(time)s"), { time: formatDate(g.deadline) }) : timeControlText(g.time_control);
    const info = document.createElement("div");
    info.className = "table-info";
    info.append(a, st, turn, dl);
    li.append(info);
    return li;
  });
  list.replaceChildren(...rows);
  document.getElementById("my-empty").hidden = rows.length > 0;
  saveGames(me, games); // what the offline page lists (pwa.js)
}

load();
setInterval(load, 10000);

// -- notifications and vacation ---------------------------------------------------------------

const notes = document.getElementById("notes");

const notePages = pagedList(notes, () => "notifications?page_size=20", drawNotes, { testid: "show-more-notes" });
const loadNotes = () => notePages.load().catch(() => {});

function drawNotes(rows, data) {
  const unread = document.getElementById("unread");
  unread.hidden = data.unread === 0;
  unread.textContent = String(data.unread);
  document.getElementById("notes-read").hidden = data.unread === 0;
  document.getElementById("notes-empty").hidden = rows.length > 0;
  notes.replaceChildren(...rows.map((n) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "notification");
    if (!n.read_at) li.classList.add("unread");
    const a = document.createElement(n.url ? "a" : "span");
    if (n.url) a.href = n.url;
    a.textContent = n.text;
    const when = document.createElement("time");
    when.dateTime = n.created_at;
    when.textContent = " · " + formatDate(n.created_at);
    li.append(a, when);
    return li;
  }));
}

document.getElementById("notes-read").addEventListener("click", async () => {
  await api("notifications/read", { method: "POST", body: {} });
  loadNotes();
});

function showVacation(v) {
  const running = v && v.vacation_until && new Date(v.vacation_until) > Date.now();
  document.getElementById("vacation-state").textContent = running
    ? fmt(gettext("On vacation until %(time)s."), { time: formatDate(v.vacation_until) })
    : gettext("Not on vacation.");
  document.getElementById("vacation-end").hidden = !running;
}

async function vacation(method, body) {
  const err = document.getElementById("vacation-error");
  err.hidden = true;
  try {
    showVacation(await api("me/vacation", { method, body }));
    load();
  } catch (e) {
    err.textContent = errorText(e);
    err.hidden = false;
  }
}

document.getElementById("vacation-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  vacation("POST", { days: Number(ev.target.days.value) });
});
document.getElementById("vacation-end").addEventListener("click", () => vacation("DELETE"));

api("me").then((me) => showVacation(me)).catch(() => showVacation(null));
loadNotes();
setInterval(loadNotes, 30000);
