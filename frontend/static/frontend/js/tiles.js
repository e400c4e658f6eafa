// Domino tiles drawn as inline SVG (ivory face, dark pips), and shared text helpers.
import { gettext, fmt, ngettext } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const L = 12.5, M = 25, H = 37.5;
const CLASSIC = {
  0: [], 1: [[M, M]], 2: [[L, L], [H, H]], 3: [[L, L], [M, M], [H, H]],
  4: [[L, L], [H, L], [L, H], [H, H]], 5: [[L, L], [H, L], [M, M], [L, H], [H, H]],
  6: [[L, L], [H, L], [L, M], [H, M], [L, H], [H, H]],
  7: [[L, L], [H, L], [L, M], [M, M], [H, M], [L, H], [H, H]],
  8: [[L, L], [M, L], [H, L], [L, M], [H, M], [L, H], [M, H], [H, H]],
  9: [[L, L], [M, L], [H, L], [L, M], [M, M], [H, M], [L, H], [M, H], [H, H]],
};

// Pip centres inside a 50x50 half, and the pip radius.
export function pipLayout(n) {
  if (n <= 9) return { r: 5, pts: CLASSIC[n] };
  const cols = 4;
  const rows = Math.ceil(n / cols);
  const pts = [];
  for (let i = 0; i < n; i++) {
    const row = Math.floor(i / cols), col = i % cols;
    const inRow = Math.min(cols, n - row * cols);
    const x = 25 + (col - (inRow - 1) / 2) * 10.5;
    const y = 25 + (row - (rows - 1) / 2) * (40 / Math.max(rows, 4));
    pts.push([x, y]);
  }
  return { r: rows > 4 ? 3.2 : 3.6, pts };
}

function el(name, attrs) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

export function tileLabel(a, b) {
  return `[${a}|${b}]`;
}

// A tile's accessible name, as it is said: "12–5" (a screen reader reads "[12|5]" as brackets
// and a bar). tileLabel stays the written form of the move log and the messages.
export function tileName(a, b) {
  return `${a}–${b}`;
}

// An SVG domino: a on the left (or top), b on the right (or bottom).
export function tileSvg(a, b, vertical = false) {
  const svg = el("svg", { viewBox: vertical ? "0 0 50 100" : "0 0 100 50", class: "domino-svg", "aria-hidden": "true", focusable: "false" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: vertical ? 48 : 98, height: vertical ? 98 : 48, rx: 6, class: "face" }));
  svg.appendChild(el("line", vertical ? { x1: 6, y1: 50, x2: 44, y2: 50, class: "bar" } : { x1: 50, y1: 6, x2: 50, y2: 44, class: "bar" }));
  [a, b].forEach((n, half) => {
    const { r, pts } = pipLayout(n);
    for (const [x, y] of pts) {
      const cx = vertical ? x : x + half * 50;
      const cy = vertical ? y + half * 50 : y;
      svg.appendChild(el("circle", { cx, cy, r, class: "pip" }));
    }
  });
  return svg;
}

// A tile element for a train or hand: <span class="domino"> or <button>.
export function tileElement(a, b, { tag = "span", testid = "tile", vertical = false, extraClass = "" } = {}) {
  const node = document.createElement(tag);
  node.className = `domino${a === b ? " double" : ""}${vertical ? " vertical" : ""}${extraClass ? " " + extraClass : ""}`;
  node.dataset.testid = testid;
  node.setAttribute("data-testid", testid);
  node.dataset.tile = `${Math.max(a, b)}-${Math.min(a, b)}`;
  // A span is no control: its label is an image's ("6–3"). A button keeps its own role.
  if (tag === "span") node.setAttribute("role", "img");
  node.setAttribute("aria-label", tileName(a, b));
  node.title = tileName(a, b);
  node.appendChild(tileSvg(a, b, vertical));
  return node;
}

export function rulesetSummary(ruleset) {
  const parts = [fmt(ngettext(
    "double-%(n)s set, %(hand)s tiles each, %(rounds)s round",
    "double-%(n)s set, %(hand)s tiles each, %(rounds)s rounds",
    ruleset.rounds,
  ), { n: ruleset.set_max, hand: ruleset.hand_size, rounds: ruleset.rounds })];
  if (ruleset.max_doubles_per_turn === 1) parts.push(gettext("one double per turn"));
  if (ruleset.double_blank_points === 0) parts.push(gettext("double-blank 0"));
  if (ruleset.scoring === "positive") parts.push(gettext("positive scoring"));
  if (ruleset.first_turn === "draw") parts.push(gettext("draw on first turn"));
  return parts.join(" · ");
}

export function timeControlText(tc) {
  if (!tc) return "–";
  if (tc.kind === "correspondence") {
    const text = fmt(ngettext("Correspondence: %(days)s day per move", "Correspondence: %(days)s days per move", tc.days_per_move), { days: tc.days_per_move });
    return tc.weekend_pause ? text + " · " + gettext("no clock at weekends") : text;
  }
  return fmt(gettext("Live: %(sec)s s per move + %(reserve)s s reserve"), {
    sec: tc.seconds_per_move, reserve: tc.reserve_seconds,
  });
}

export function statusText(status) {
  return {
    open: gettext("open"), active: gettext("active"), finished: gettext("finished"),
    abandoned: gettext("abandoned"),
  }[status] || status;
}

// A game's name as a link to its table (the lobby and My games list them).
export function tableLink(game) {
  const a = document.createElement("a");
  a.href = `/games/${game.id}`;
  a.className = "table-name";
  a.textContent = game.name || fmt(gettext("%(user)s's table"), { user: game.created_by });
  return a;
}

export function formatDate(iso) {
  if (!iso) return "";
  try { return new Date(iso).toLocaleString(document.documentElement.lang || undefined); } catch (e) { return iso; }
}

// A fact of a description list (the audit and dispute pages): its label, and its value or "–"
// where there is none.
export function fact(dl, label, value, testid) {
  const dt = document.createElement("dt");
  dt.textContent = label;
  const dd = document.createElement("dd");
  dd.textContent = value === null || value === undefined || value === "" ? "–" : String(value);
  if (testid) dd.setAttribute("data-testid", testid);
  dl.append(dt, dd);
}
