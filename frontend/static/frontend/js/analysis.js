// The game analysis (analysis app, games.bots.analysis): what the replay, the profile, the
// leaderboard and the staff pages draw from it. Charts are inline SVG drawn here (no chart
// library), sized to their container so their text stays readable on a phone.
import { gettext, fmt, ngettext } from "./i18n.js";
import { tileLabel } from "./tiles.js";
import { trainName } from "./describe.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const MISTAKE = 5; // points lost by one decision: a mistake from here
export const BLUNDER = 10; // and a blunder from here
// Okabe–Ito colours (told apart with colour-blindness too), each with its own marker shape.
const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8a6d00", "#3d8fc4", "#1d232a", "#9b3d8f"];
const SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross", "plus", "star"];

export function svg(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

export function el(tag, { cls, text, testid, attrs } = {}) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  if (testid) node.setAttribute("data-testid", testid);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  return node;
}

// A table in a box that scrolls sideways when the table is wider than the page; the box is
// focusable (so it can be scrolled from the keyboard) only while it does scroll.
export function scrollBox(table, label) {
  const box = el("div", { cls: "table-scroll" });
  box.append(table);
  const check = () => {
    if (box.scrollWidth > box.clientWidth + 1) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", label);
    } else {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  };
  if (typeof ResizeObserver === "function") new ResizeObserver(check).observe(box);
  return box;
}

// A number with its sign: "+1.5", "−0.3" (a real minus sign), "0.0"; null is an em dash.
export function signed(x, digits = 1) {
  if (x === null || x === undefined || Number.isNaN(Number(x))) return "—";
  const v = Number(x);
  const text = Math.abs(v).toFixed(digits);
  if (Number(text) === 0) return (0).toFixed(digits);
  return (v > 0 ? "+" : "−") + text;
}

export function percent(x) {
  if (x === null || x === undefined) return "—";
  return fmt(gettext("%(x)s%"), { x: Number(x).toFixed(1) });
}

export function seriesColour(seat) {
  return COLOURS[seat % COLOURS.length];
}

// A marker of seat ``seat``'s shape centred on (x, y) with "radius" r.
export function marker(seat, x, y, r, attrs = {}) {
  const shape = SHAPES[seat % SHAPES.length];
  const f = (n) => n.toFixed(1);
  const common = { fill: seriesColour(seat), ...attrs };
  const poly = (pts) => svg("polygon", { points: pts.map(([a, b]) => `${f(a)},${f(b)}`).join(" "), ...common });
  switch (shape) {
    case "square": return svg("rect", { x: f(x - r * 0.85), y: f(y - r * 0.85), width: f(r * 1.7), height: f(r * 1.7), ...common });
    case "triangle": return poly([[x, y - r * 1.1], [x + r, y + r * 0.8], [x - r, y + r * 0.8]]);
    case "down": return poly([[x, y + r * 1.1], [x + r, y - r * 0.8], [x - r, y - r * 0.8]]);
    case "diamond": return poly([[x, y - r * 1.2], [x + r * 1.1, y], [x, y + r * 1.2], [x - r * 1.1, y]]);
    case "cross": {
      const a = r * 0.35, b = r;
      return poly([[x - b, y - b + a], [x - b + a, y - b], [x, y - a], [x + b - a, y - b], [x + b, y - b + a], [x + a, y], [x + b, y + b - a], [x + b - a, y + b], [x, y + a], [x - b + a, y + b], [x - b, y + b - a], [x - a, y]]);
    }
    case "plus": {
      const a = r * 0.4, b = r * 1.1;
      return poly([[x - a, y - b], [x + a, y - b], [x + a, y - a], [x + b, y - a], [x + b, y + a], [x + a, y + a], [x + a, y + b], [x - a, y + b], [x - a, y + a], [x - b, y + a], [x - b, y - a], [x - a, y - a]]);
    }
    case "star": {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 ? r * 0.5 : r * 1.25, t = -Math.PI / 2 + (i * Math.PI) / 5;
        pts.push([x + rr * Math.cos(t), y + rr * Math.sin(t)]);
      }
      return poly(pts);
    }
    default: return svg("circle", { cx: f(x), cy: f(y), r: f(r), ...common });
  }
}

// A legend entry's marker, as a tiny SVG of its own (hidden from assistive tech: the text says it).
export function legendMarker(seat) {
  const box = svg("svg", { viewBox: "0 0 16 16", width: 16, height: 16, class: "legend-marker", "aria-hidden": "true", focusable: "false" });
  box.append(marker(seat, 8, 8, 5.5, { stroke: "#fff", "stroke-width": 1 }));
  return box;
}

export function severity(loss) {
  if (loss >= BLUNDER) return "blunder";
  if (loss >= MISTAKE) return "mistake";
  return null;
}

export function severityText(kind) {
  return kind === "blunder" ? gettext("blunder") : gettext("mistake");
}

// The replay step (replay.js steps()) of the engine event at ``index`` of the match's engine
// events (MatchStarted, then per round RoundStarted, its moves and RoundEnded, then
// MatchEnded): the step just after that move, so the replay says what was played. null if the
// index is not a move of the record.
export function stepOfIndex(record, index) {
  const at = moveOfIndex(record, index);
  return at ? at.step : null;
}

// {step, round, move} of the engine event at ``index``: its replay step, its round's number and
// its move number in the round (1-based, as the replay counts them); null if not a move.
export function moveOfIndex(record, index) {
  let at = 1; // events[0] is MatchStarted
  let step = 0;
  for (const round of record.rounds) {
    const m = index - at - 1; // 0-based move of this round
    if (m >= 0 && m < round.moves.length) return { step: step + m + 1, round: round.number, move: m + 1 };
    at += 1 + round.moves.length + (round.result ? 1 : 0);
    step += 1 + round.moves.length + (round.result ? 1 : 0); // replay.steps: deal, moves, result
  }
  return null;
}

// A move as the analysis spells it (the record's spelling), in words: "[6|4] on Bob's train".
export function moveText(move, seat, names) {
  if (!move) return "—";
  switch (move.action) {
    case "play": {
      const tile = move.tile ? tileLabel(move.tile[0], move.tile[1]) : "";
      if (move.train === "mexican") return fmt(gettext("%(tile)s on the Mexican Train"), { tile });
      if (move.train === seat) return fmt(gettext("%(tile)s on their own train"), { tile });
      return fmt(gettext("%(tile)s on %(train)s"), { tile, train: trainName(move.train, names) });
    }
    case "draw": return gettext("drawing a tile");
    case "pass": return gettext("passing");
    case "stop": return gettext("stopping");
    case "engine": return gettext("placing the engine");
    default: return String(move.action || "?");
  }
}

// A round top for the y axis above ``v`` and a step of at most 5 gridlines under it.
function niceScale(v) {
  for (const step of [5, 10, 20, 25, 50, 100, 200, 250, 500]) {
    if (v / step <= 4) return { top: Math.ceil(v / step) * step, step };
  }
  return { top: Math.ceil(v / 1000) * 1000, step: 1000 };
}

// The per-decision chart: x the decisions in game order, y the points each one lost against the
// best move found; a marker per decision in its seat's colour and shape, the big losses marked
// with their label, the mistake and blunder lines, and round boundaries.
export function lossChart(decisions, names, { width = 640, height = 280 } = {}) {
  const narrow = width < 480;
  const pad = { left: 40, right: narrow ? 58 : 70, top: 16, bottom: 40 };
  const shown = decisions.filter((d) => d.options === undefined || d.options > 1);
  // Room above the biggest loss for its marker and its label.
  const { top, step } = niceScale(Math.max(MISTAKE * 2 + 2, ...shown.map((d) => d.loss * 1.15 + 1)));
  const plotW = width - pad.left - pad.right, plotH = height - pad.top - pad.bottom;
  const n = shown.length;
  const x = (i) => pad.left + (n > 1 ? (i * plotW) / (n - 1) : plotW / 2);
  const y = (v) => pad.top + ((top - v) * plotH) / top;

  const big = shown.filter((d) => severity(d.loss));
  const mistakes = big.filter((d) => severity(d.loss) === "mistake").length;
  const blunders = big.length - mistakes;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, class: "analysis-svg", role: "img",
    "aria-labelledby": "loss-chart-title loss-chart-desc", "data-testid": "loss-chart-svg",
  });
  const worst = shown.reduce((a, d) => (a && a.loss >= d.loss ? a : d), null);
  const perSeat = names.map((name, s) => {
    const mine = shown.filter((d) => d.seat === s);
    const lost = mine.reduce((t, d) => t + d.loss, 0);
    return fmt(ngettext("%(name)s lost %(points)s points over %(n)s decision", "%(name)s lost %(points)s points over %(n)s decisions", mine.length), { name, points: lost.toFixed(1), n: mine.length });
  });
  let desc = fmt(gettext("Points lost by each decision with a choice, in game order: %(decisions)s, %(mistakes)s (%(m)s points or more) and %(blunders)s (%(b)s points or more)."), {
    decisions: fmt(ngettext("%(n)s decision", "%(n)s decisions", n), { n }),
    mistakes: fmt(ngettext("%(n)s mistake", "%(n)s mistakes", mistakes), { n: mistakes }),
    blunders: fmt(ngettext("%(n)s blunder", "%(n)s blunders", blunders), { n: blunders }),
    m: MISTAKE, b: BLUNDER,
  });
  if (worst && worst.loss > 0) {
    desc += " " + fmt(gettext("The biggest loss: %(points)s points by %(name)s in round %(round)s."), { points: worst.loss.toFixed(1), name: names[worst.seat], round: worst.round });
  }
  desc += " " + perSeat.join("; ") + ".";
  chart.append(svg("title", { id: "loss-chart-title" }, gettext("Points lost per decision")), svg("desc", { id: "loss-chart-desc" }, desc));

  const grid = svg("g", { class: "analysis-grid" });
  for (let v = 0; v <= top + 1e-9; v += step) {
    grid.append(
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v) }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(Math.round(v))),
    );
  }
  // Round boundaries: a dashed line where a round starts, its number above when there is room.
  let lastRound = null, lastLabel = -Infinity;
  shown.forEach((d, i) => {
    if (d.round === lastRound) return;
    lastRound = d.round;
    const xi = i === 0 ? pad.left : (x(i - 1) + x(i)) / 2;
    if (i > 0) grid.append(svg("line", { class: "round-line", x1: xi, x2: xi, y1: pad.top, y2: height - pad.bottom }));
    if (xi - lastLabel >= 26) {
      grid.append(svg("text", { x: xi + 3, y: pad.top - 4, class: "round-label" }, fmt(gettext("R%(n)s"), { n: d.round })));
      lastLabel = xi;
    }
  });
  grid.append(svg("text", { x: pad.left + plotW / 2, y: height - 8, "text-anchor": "middle" }, gettext("Decisions, in game order")));
  grid.append(svg("text", { x: 12, y: pad.top + plotH / 2, "text-anchor": "middle", transform: `rotate(-90 12 ${pad.top + plotH / 2})` }, gettext("Points lost")));
  chart.append(grid);
  // The mistake and blunder lines, labelled in the right margin.
  for (const [v, kind] of [[MISTAKE, "mistake"], [BLUNDER, "blunder"]]) {
    chart.append(
      svg("line", { class: `threshold ${kind}`, x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v) }),
      svg("text", { class: `threshold-label ${kind}`, x: width - pad.right + 4, y: y(v) + 4 }, severityText(kind)),
    );
  }
  const dots = svg("g", { class: "analysis-dots" });
  shown.forEach((d, i) => {
    const kind = severity(d.loss);
    const m = marker(d.seat, x(i), y(d.loss), kind ? 6 : 3, { class: kind ? `big ${kind}` : "", "data-seat": d.seat });
    dots.append(m);
  });
  // Big losses on top, each with its mark (? a mistake, ?? a blunder); a mark that would run
  // into the one before it is left out (its marker still says it).
  const placed = [];
  for (const d of big) {
    const i = shown.indexOf(d);
    const kind = severity(d.loss);
    const lx = x(i), ly = y(d.loss) - 9;
    if (placed.some(([px, py]) => Math.abs(px - lx) < 16 && Math.abs(py - ly) < 14)) continue;
    placed.push([lx, ly]);
    dots.append(svg("text", { class: `big-label ${kind}`, x: lx, y: ly, "text-anchor": "middle" }, kind === "blunder" ? "??" : "?"));
  }
  chart.append(dots);
  return chart;
}

// Accuracy of recent games: one point per analysed game, oldest first, linked to its replay.
export function accuracyChart(recent, { width = 640, height = 200 } = {}) {
  const pad = { left: 40, right: 16, top: 14, bottom: 34 };
  const points = recent.filter((r) => r.accuracy !== null && r.accuracy !== undefined);
  const plotW = width - pad.left - pad.right, plotH = height - pad.top - pad.bottom;
  const x = (i) => pad.left + (points.length > 1 ? (i * plotW) / (points.length - 1) : plotW / 2);
  const y = (v) => pad.top + ((100 - v) * plotH) / 100;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, width, height, class: "analysis-svg", role: "img",
    "aria-labelledby": "accuracy-chart-title accuracy-chart-desc",
  });
  const values = points.map((p) => p.accuracy);
  const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  chart.append(
    svg("title", { id: "accuracy-chart-title" }, gettext("Accuracy in recent games")),
    svg("desc", { id: "accuracy-chart-desc" }, fmt(ngettext("%(n)s analysed game, oldest first: accuracy from %(low)s to %(high)s, %(mean)s on average.", "%(n)s analysed games, oldest first: accuracy from %(low)s to %(high)s, %(mean)s on average.", points.length), {
      n: points.length, low: percent(Math.min(...values)), high: percent(Math.max(...values)), mean: percent(mean),
    })),
  );
  const grid = svg("g", { class: "analysis-grid" });
  for (const v of [0, 25, 50, 75, 100]) {
    grid.append(
      svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v) }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)),
    );
  }
  grid.append(svg("text", { x: pad.left + plotW / 2, y: height - 8, "text-anchor": "middle" }, gettext("Analysed games, oldest first")));
  chart.append(grid);
  chart.append(svg("polyline", { class: "accuracy-line", fill: "none", points: points.map((p, i) => `${x(i).toFixed(1)},${y(p.accuracy).toFixed(1)}`).join(" ") }));
  points.forEach((p, i) => {
    const dot = svg("circle", { class: "accuracy-dot", cx: x(i), cy: y(p.accuracy), r: 4 });
    dot.append(svg("title", {}, fmt(gettext("Accuracy %(accuracy)s, skill %(skill)s"), { accuracy: percent(p.accuracy), skill: signed(p.skill) })));
    chart.append(dot);
  });
  return chart;
}

// Draw ``build(width)`` into ``box`` at the box's width, and again when that width changes.
export function drawSized(box, build) {
  let drawn = -1;
  const draw = () => {
    const w = Math.max(280, Math.min(1200, Math.floor(box.clientWidth || 640)));
    if (w === drawn) return;
    drawn = w;
    box.replaceChildren(build(w));
  };
  draw();
  if (typeof ResizeObserver === "function") new ResizeObserver(draw).observe(box);
}
