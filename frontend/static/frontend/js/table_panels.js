// The table's panels that only show the state: whose turn it is, the seat cards, the move log
// and the score sheet (table_state.js holds what they show).
import { gettext, fmt, ngettext } from "./i18n.js";
import { describeEvent } from "./describe.js";
import { keepSeatInView, movesCountText } from "./layout.js";
import { updateSeatClocks } from "./table_clock.js";
import { S, $, me, names } from "./table_state.js";

export function renderTurn() {
  const t = $("turn");
  const v = S.view;
  let text = "";
  let mine = false;
  if (S.status === "open") text = gettext("Waiting for players to join.");
  else if (S.status === "finished" || S.status === "abandoned") text = gettext("Game over.");
  else if (v && v.to_move !== null && v.to_move !== undefined) {
    if (S.seat !== null && S.seat !== undefined && v.to_move === S.seat) {
      text = gettext("Your turn");
      mine = true;
    } else {
      text = fmt(gettext("Waiting for %(name)s"), { name: names()[v.to_move] || v.to_move + 1 });
    }
  }
  t.textContent = text;
  t.classList.toggle("mine", mine);
  document.title = (mine ? "● " : "") + document.title.replace(/^● /, "");
}

export function renderSeats(removeBot) {
  const ol = $("seats");
  const g = S.game;
  const v = S.view;
  const bySeat = {};
  for (const s of g.seats) bySeat[s.index] = s;
  const items = [];
  for (let i = 0; i < g.players; i++) {
    const s = bySeat[i];
    const li = document.createElement("li");
    li.className = "seat";
    li.setAttribute("data-testid", "seat");
    li.dataset.seat = String(i);
    const toMove = v && v.to_move === i && S.status === "active";
    if (toMove) { li.classList.add("to-move"); li.setAttribute("aria-current", "true"); }
    if (i === S.seat) li.classList.add("me");
    // Two lines: the name and its badges; the tiles left, the score and the clock.
    const top = document.createElement("span");
    top.className = "seat-top";
    const stats = document.createElement("span");
    stats.className = "seat-stats";
    li.append(top, stats);
    const name = document.createElement("span");
    name.className = "seat-name";
    name.textContent = s ? s.username : gettext("empty seat");
    if (s) name.title = s.username;
    top.append(name);
    if (s && s.berserk) {
      // Half the reserve, chosen before the start (an arena's berserk): public, like the seat.
      const b = document.createElement("span");
      b.className = "badge berserk";
      b.setAttribute("data-testid", "berserk");
      b.setAttribute("role", "img");
      const label = gettext("Berserk: half the reserve time");
      b.setAttribute("aria-label", label);
      b.title = label;
      b.textContent = "⚡";
      top.append(b);
    }
    if (s && s.is_bot) {
      const b = document.createElement("span");
      b.className = "badge bot";
      b.setAttribute("data-testid", "bot");
      b.textContent = gettext("bot");
      top.append(b);
      if (S.status === "open" && !!me && g.created_by === me && !s.owned_bot) {
        // The table's creator frees a platform bot's seat before the start (a bot a person
        // owns leaves by itself, as a person does).
        const rm = document.createElement("button");
        rm.type = "button";
        rm.className = "remove-bot";
        rm.setAttribute("data-testid", "remove-bot");
        rm.textContent = gettext("Remove");
        rm.setAttribute("aria-label", fmt(gettext("Remove the bot %(name)s"), { name: s.username }));
        rm.addEventListener("click", () => removeBot(i));
        top.append(rm);
      }
    }
    if (s && s.resigned) {
      const b = document.createElement("span");
      b.className = "badge";
      b.textContent = gettext("resigned");
      top.append(b);
    }
    if (v) {
      const tiles = document.createElement("span");
      tiles.className = "seat-tiles";
      tiles.setAttribute("data-testid", "tiles-left");
      tiles.textContent = fmt(ngettext("%(n)s tile", "%(n)s tiles", v.hand_counts[i]), { n: v.hand_counts[i] });
      const score = document.createElement("span");
      score.className = "seat-score";
      score.setAttribute("data-testid", "score");
      score.textContent = fmt(gettext("score %(n)s"), { n: v.totals[i] });
      stats.append(tiles, score);
    }
    const clock = document.createElement("span"); // filled by updateSeatClocks
    clock.className = "seat-clock";
    clock.setAttribute("data-testid", "seat-clock");
    clock.hidden = true;
    stats.append(clock);
    if (toMove) {
      const b = document.createElement("span");
      b.className = "badge turn-badge";
      b.textContent = gettext("to move");
      top.append(b);
    }
    items.push(li);
  }
  ol.replaceChildren(...items);
  updateSeatClocks();
  keepSeatInView(ol, ol.querySelector(".seat.to-move"));
}

export function renderLog() {
  const ol = $("move-log");
  const nm = names();
  $("moves-count").textContent = movesCountText(S.events.length);
  if (ol.childElementCount === S.events.length && ol.dataset.names === nm.join(",")) return;
  ol.dataset.names = nm.join(",");
  ol.replaceChildren(...S.events.map((e) => {
    const li = document.createElement("li");
    li.setAttribute("data-testid", "log-entry");
    li.dataset.seq = String(e.seq);
    li.dataset.type = e.type;
    if (e.type === "RoundEnded" || e.type === "MatchEnded") li.className = "log-round";
    li.textContent = describeEvent(e, nm);
    return li;
  }));
  ol.scrollTop = ol.scrollHeight;
}

export function renderScores() {
  const box = $("scores");
  const v = S.view;
  const g = S.game;
  if (!v) { box.textContent = gettext("No scores yet."); return; }
  const nm = names();
  // A row per player (a narrow side panel holds eight of them), a column per round, the total.
  const table = document.createElement("table");
  table.className = "score-table";
  const thead = document.createElement("tr");
  thead.append(th(gettext("Player"), "col"), ...v.round_scores.map((_, i) => {
    const h = th(fmt(gettext("R%(n)s"), { n: i + 1 }), "col");
    h.title = fmt(gettext("Round %(n)s"), { n: i + 1 });
    return h;
  }), th(gettext("Total"), "col"));
  const rows = [];
  for (let p = 0; p < g.players; p++) {
    const tr = document.createElement("tr");
    if (p === S.seat) tr.className = "me";
    const total = td(String(v.totals[p]));
    total.className = "totals";
    tr.append(th(nm[p] || "–", "row"), ...v.round_scores.map((r) => td(String(r[p]))), total);
    rows.push(tr);
  }
  table.append(thead, ...rows);
  box.replaceChildren(table);
}
const th = (t, scope) => { const x = document.createElement("th"); x.textContent = t; if (scope) x.scope = scope; return x; };
const td = (t) => { const x = document.createElement("td"); x.textContent = t; return x; };
