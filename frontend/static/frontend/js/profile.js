// A player's profile: a rating card per kind and the rating history as an inline SVG line chart
// (drawn here, no chart library): one point per standing rated game, oldest first.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext, ordinal } from "./i18n.js";
import { formatDate } from "./tiles.js";
import { accuracyChart, drawSized, percent, signed as signedPoints } from "./analysis.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const KIND_NAMES = { live: gettext("Live"), correspondence: gettext("Correspondence") };
const root = document.querySelector("[data-testid=profile]");
const username = root.dataset.username;
const base = `players/${encodeURIComponent(username)}`;

export function ratingText(r) {
  return r.provisional ? `${r.rating}?` : String(r.rating);
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

function niceStep(range) {
  for (const step of [10, 25, 50, 100, 200, 250, 500, 1000]) if (range / step <= 6) return step;
  return 2000;
}

// Build the chart: x is the game number (0 = the rating before the first game), y the rating.
export function ratingChart(start, points, { width = 640, height = 260 } = {}) {
  const pad = { left: 52, right: 16, top: 14, bottom: 34 };
  const values = [start, ...points.map((p) => p.rating)];
  const lowest = Math.min(...values), highest = Math.max(...values);
  const margin = Math.max(20, (highest - lowest) * 0.1);
  const step = niceStep(highest - lowest + 2 * margin);
  const lo = Math.floor((lowest - margin) / step) * step;
  const hi = Math.ceil((highest + margin) / step) * step;
  const plotW = width - pad.left - pad.right, plotH = height - pad.top - pad.bottom;
  const x = (i) => pad.left + (values.length > 1 ? (i * plotW) / (values.length - 1) : plotW / 2);
  const y = (v) => pad.top + ((hi - v) * plotH) / (hi - lo || 1);

  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, class: "rating-svg", role: "img",
    "aria-labelledby": "rating-chart-title rating-chart-desc",
  });
  const last = values[values.length - 1];
  chart.append(
    svg("title", { id: "rating-chart-title" }, gettext("Rating history")),
    svg("desc", { id: "rating-chart-desc" }, fmt(ngettext("From %(start)s to %(end)s over %(n)s rated game", "From %(start)s to %(end)s over %(n)s rated games", points.length), { start, end: last, n: points.length })),
  );
  const grid = svg("g", { class: "rating-grid" });
  for (let v = lo; v <= hi; v += step) {
    grid.append(
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v) }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)),
    );
  }
  grid.append(svg("text", { x: pad.left + plotW / 2, y: height - 8, "text-anchor": "middle" }, gettext("Rated games")));
  chart.append(grid);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  chart.append(svg("polyline", { class: "rating-line", points: line, fill: "none" }));
  chart.append(svg("circle", { class: "rating-start", cx: x(0), cy: y(start), r: 3 }));
  points.forEach((p, i) => {
    const link = svg("a", { href: `/games/${p.game}/replay`, "data-testid": "rating-point" });
    const dot = svg("circle", {
      class: p.change >= 0 ? "rating-dot up" : "rating-dot down", cx: x(i + 1), cy: y(p.rating), r: 4,
    });
    dot.append(svg("title", {}, fmt(gettext("%(date)s: %(rating)s (%(change)s), %(place)s of %(players)s"), {
      date: formatDate(p.at), rating: p.rating, change: signed(p.change), place: ordinal(p.place), players: p.players,
    })));
    link.append(dot);
    chart.append(link);
  });
  return chart;
}

function card(r) {
  const div = document.createElement("div");
  div.className = "rating-card";
  div.dataset.kind = r.kind;
  div.setAttribute("data-testid", "rating-card");
  const h = document.createElement("h2");
  h.textContent = KIND_NAMES[r.kind] || r.kind;
  const big = document.createElement("p");
  big.className = "rating-big";
  big.textContent = ratingText(r);
  if (r.provisional) big.title = gettext("Provisional: fewer than 10 rated games");
  const facts = document.createElement("p");
  facts.className = "hint";
  const parts = [fmt(ngettext("%(n)s rated game", "%(n)s rated games", r.games), { n: r.games })];
  if (r.rank) parts.push(fmt(gettext("#%(rank)s on the leaderboard"), { rank: r.rank }));
  if (r.provisional) parts.push(gettext("provisional"));
  facts.textContent = parts.join(" · ");
  div.append(h, big, facts);
  return div;
}

let kind = new URLSearchParams(location.search).get("kind") || "live";

async function loadHistory() {
  const figure = document.getElementById("rating-chart");
  const rows = document.getElementById("history-rows");
  for (const b of document.querySelectorAll(".kind-switch button")) b.setAttribute("aria-pressed", String(b.dataset.kind === kind));
  const history = await api(`${base}/rating-history?kind=${encodeURIComponent(kind)}`);
  const empty = history.points.length === 0;
  document.getElementById("history-empty").hidden = !empty;
  figure.replaceChildren(...(empty ? [] : [ratingChart(history.start, history.points)]));
  rows.replaceChildren(...history.points.slice().reverse().map((p) => {
    const tr = document.createElement("tr");
    const link = document.createElement("a");
    link.href = `/games/${p.game}/replay`;
    link.textContent = gettext("Replay");
    const cells = [formatDate(p.at), fmt(gettext("%(place)s of %(players)s"), { place: ordinal(p.place), players: p.players }) + (p.left ? " " + gettext("(left)") : ""), String(p.rating), signed(p.change)];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    const td = document.createElement("td");
    td.append(link);
    tr.append(td);
    return tr;
  }));
}

async function load() {
  try {
    const profile = await api(base);
    document.getElementById("games-count").textContent = fmt(ngettext("%(n)s finished game", "%(n)s finished games", profile.games.finished), { n: profile.games.finished });
    showAnalysis(profile.analysis);
    if (profile.is_bot) return;
    document.getElementById("rating-cards").replaceChildren(...profile.ratings.map(card));
    if (!new URLSearchParams(location.search).get("kind")) {
      const live = profile.ratings.find((r) => r.kind === "live");
      const corr = profile.ratings.find((r) => r.kind === "correspondence");
      if (live && corr && live.games === 0 && corr.games > 0) kind = "correspondence";
    }
    await loadHistory();
  } catch (err) {
    document.getElementById("games-count").textContent = errorText(err);
  }
}

function stat(label, value, testid) {
  const div = document.createElement("div");
  div.className = "rating-card";
  const h = document.createElement("h3");
  h.className = "hint";
  h.textContent = label;
  const big = document.createElement("p");
  big.className = "rating-big";
  big.setAttribute("data-testid", testid);
  big.textContent = value;
  div.append(h, big);
  return div;
}

// The game analysis: accuracy and the luck-adjusted skill index over analysed games, and the
// accuracy of the recent ones (oldest first in the chart, newest first in the table).
function showAnalysis(a) {
  const box = document.getElementById("analysis-profile");
  if (!a || !a.games) return;
  box.hidden = false;
  document.getElementById("analysis-stats").replaceChildren(
    stat(gettext("Analysed games"), String(a.games), "analysis-games"),
    stat(gettext("Accuracy"), percent(a.accuracy), "profile-accuracy"),
    stat(gettext("Skill index"), signedPoints(a.skill_index), "profile-skill-index"),
  );
  const recent = (a.recent || []).slice().sort((p, q) => String(p.finished_at).localeCompare(String(q.finished_at)));
  const figure = document.getElementById("accuracy-chart");
  if (recent.some((r) => r.accuracy !== null && r.accuracy !== undefined)) {
    drawSized(figure, (width) => accuracyChart(recent, { width, height: width < 480 ? 180 : 200 }));
  }
  document.getElementById("analysis-rows").replaceChildren(...recent.slice().reverse().map((r) => {
    const tr = document.createElement("tr");
    tr.setAttribute("data-testid", "analysis-recent-row");
    for (const text of [formatDate(r.finished_at), percent(r.accuracy), signedPoints(r.skill)]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    const td = document.createElement("td");
    const link = document.createElement("a");
    link.href = `/games/${r.game}/replay`;
    link.textContent = gettext("Replay");
    td.append(link);
    tr.append(td);
    return tr;
  }));
}

for (const b of document.querySelectorAll(".kind-switch button")) {
  b.addEventListener("click", () => { kind = b.dataset.kind; loadHistory(); });
}
load();
