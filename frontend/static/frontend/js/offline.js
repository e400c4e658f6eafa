// The offline page (frontend.pwa, shown by the service worker while the network is gone): the
// games the last "My games" of the player signed in on this device saved (pwa.js), most
// urgent first as the server sorted them, with whose turn it is and when a move is due. Its
// words come from the page itself (#offline-words), which is precached in each language.
import { offlineGames } from "./pwa.js";

const words = document.getElementById("offline-words").dataset;
const lang = document.documentElement.lang || undefined;
const fmt = (template, values) => template.replace(/%\((\w+)\)s/g, (_, key) => (key in values ? String(values[key]) : ""));
const when = (iso) => {
  try { return new Date(iso).toLocaleString(lang); } catch (e) { return iso; }
};

function row(game, me) {
  const li = document.createElement("li");
  li.className = "table-row";
  li.setAttribute("data-testid", "offline-game");
  li.dataset.gameId = game.id;
  const link = document.createElement("a");
  link.href = `/games/${game.id}`;
  link.className = "table-name";
  link.textContent = game.name || fmt(words.table, { host: game.created_by });
  const status = document.createElement("span");
  status.className = "badge";
  status.textContent = words[`status${game.status.charAt(0).toUpperCase()}${game.status.slice(1)}`] || game.status;
  const turn = document.createElement("span");
  turn.setAttribute("data-testid", "offline-turn");
  const seat = game.seats.find((s) => s.username === me);
  if (game.status === "active" && game.to_move !== null) {
    const mine = seat && seat.index === game.to_move;
    if (mine) li.classList.add("your-turn");
    const who = game.seats.find((s) => s.index === game.to_move);
    turn.textContent = mine ? words.yourTurn : fmt(words.waiting, { name: who ? who.username : game.to_move + 1 });
  }
  const due = document.createElement("span");
  if (game.status === "active" && game.deadline) due.textContent = fmt(words.due, { time: when(game.deadline) });
  const info = document.createElement("div");
  info.className = "table-info";
  info.append(link, status, turn, due);
  li.append(info);
  return li;
}

async function show() {
  const saved = await offlineGames();
  const games = saved ? saved.games : [];
  document.getElementById("offline-games").replaceChildren(...games.map((g) => row(g, saved.username)));
  document.getElementById("offline-empty").hidden = games.length > 0;
  const stamp = document.getElementById("offline-saved");
  stamp.hidden = !saved;
  if (saved) stamp.textContent = fmt(words.saved, { time: when(saved.saved_at) });
}

show();
document.getElementById("offline-retry").addEventListener("click", () => window.location.reload());
window.addEventListener("online", () => window.location.reload());
