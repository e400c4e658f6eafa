// The leaderboards: rated people of one kind, best first, a page at a time (bots excluded).
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { signed } from "./analysis.js";

const rows = document.getElementById("leaderboard-rows");
const params = new URLSearchParams(location.search);
let kind = params.get("kind") === "correspondence" ? "correspondence" : "live";
let page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);

function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

function cell(content) {
  const td = document.createElement("td");
  if (typeof content === "string") td.textContent = content; else td.append(content);
  return td;
}

async function load() {
  for (const b of document.querySelectorAll(".kind-switch button")) b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
  try {
    const board = await api(`ratings/leaderboard?kind=${kind}&page=${page}`);
    rows.replaceChildren(...board.results.map((r) => {
      const tr = document.createElement("tr");
      tr.setAttribute("data-testid", "leaderboard-row");
      if (r.provisional) tr.classList.add("provisional");
      const a = document.createElement("a");
      a.href = `/players/${encodeURIComponent(r.username)}?kind=${kind}`;
      a.textContent = r.username;
      const rating = cell(ratingText(r));
      if (r.provisional) rating.title = gettext("Provisional: fewer than 10 rated games");
      const skill = cell(signed(r.skill_index)); // an em dash until a game of theirs is analysed
      skill.setAttribute("data-testid", "leaderboard-skill");
      tr.append(cell(String(r.rank)), cell(a), rating, cell(String(r.games)), skill);
      return tr;
    }));
    document.getElementById("leaderboard-empty").hidden = board.count > 0;
    document.getElementById("page-info").textContent = fmt(gettext("Page %(page)s of %(pages)s"), board);
    document.getElementById("page-prev").disabled = board.page <= 1;
    document.getElementById("page-next").disabled = board.page >= board.pages;
  } catch (err) {
    document.getElementById("page-info").textContent = errorText(err);
  }
}

for (const b of document.querySelectorAll(".kind-switch button")) {
  b.addEventListener("click", () => { kind = b.dataset.kind; page = 1; load(); });
}
document.getElementById("page-prev").addEventListener("click", () => { page -= 1; load(); });
document.getElementById("page-next").addEventListener("click", () => { page += 1; load(); });
load();
