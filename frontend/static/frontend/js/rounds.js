// A tournament's rounds the way its format plays them (issue 17): Swiss (and single table)
// rounds with their tables and results, the elimination bracket with who went through, the
// duplicate deal groups with their tables, an arena's recent waves of tables. Data: GET /api/v1/tournaments/<id>; polled every
// 10 s while the tournament runs.
import { api } from "./api.js";
import { gettext, fmt, ngettext, ordinal } from "./i18n.js";
import { statusText } from "./tiles.js";
import { el, formatName, playerLink } from "./tournament_common.js";

const root = document.getElementById("rounds-view");
const id = root.dataset.tournamentId;
const body = document.getElementById("rounds-body");

// One table: its number (a link to the game), its status, its players best first once placed.
function tableCard(t, { advancing = null, final = false } = {}) {
  const card = el("article", { className: "r-table", testid: "rounds-table" });
  card.dataset.game = t.game;
  const head = el("div", { className: "r-table-head" });
  const link = el("a", { text: fmt(gettext("Table %(n)s"), { n: t.number }) });
  link.href = `/games/${t.game}`;
  head.append(link, el("span", { className: "badge", text: statusText(t.status) }));
  card.append(head);
  if (t.seed_hidden) {
    card.append(el("p", { className: "hint", text: gettext("Results hidden until every table of this deal has finished."), testid: "rounds-hidden" }));
  }
  const placed = t.players.every((p) => p.place !== null);
  const players = [...t.players].sort((a, b) => (placed ? a.place - b.place : a.seat - b.seat));
  const list = el(placed ? "ol" : "ul", { className: "r-players" });
  for (const p of players) {
    const li = el("li", { testid: "rounds-player" });
    li.dataset.username = p.username;
    if (placed) li.append(el("span", { className: "r-place", text: ordinal(p.place) }));
    const name = el("span", { className: "r-name" });
    name.append(playerLink(p.username, p.is_bot));
    li.append(name);
    if (p.total !== null) li.append(el("span", { className: "r-score", text: fmt(ngettext("%(n)s pt", "%(n)s pts", p.total), { n: p.total }) }));
    if (p.left) li.append(el("span", { className: "badge", text: gettext("left") }));
    if (final && t.finished && placed && p.place === 1) {
      li.classList.add("advanced");
      li.append(el("span", { className: "badge r-through", text: gettext("winner"), testid: "rounds-winner" }));
    } else if (advancing && t.finished) {
      const through = advancing.includes(p.entry);
      li.classList.add(through ? "advanced" : "out");
      // A mark, not a word, so the bracket's narrow columns keep each player on one line.
      const word = through ? gettext("advanced") : gettext("out");
      const mark = el("span", { className: "r-through", testid: through ? "rounds-advanced" : "rounds-out" });
      mark.title = word;
      mark.append(el("span", { text: through ? "✓" : "✕" }), el("span", { className: "visually-hidden", text: word }));
      mark.firstChild.setAttribute("aria-hidden", "true");
      li.append(mark);
    }
    list.append(li);
  }
  card.append(list);
  return card;
}

function roundTitle(r, format) {
  const done = r.tables.filter((t) => t.finished).length;
  const title = format === "arena" ? fmt(gettext("Wave %(n)s"), { n: r.number }) : fmt(gettext("Round %(n)s"), { n: r.number });
  return title + " · " + fmt(ngettext("%(done)s of %(all)s table finished", "%(done)s of %(all)s tables finished", r.tables.length), { done, all: r.tables.length });
}

function swiss(d) {
  // An arena's waves latest first: it plays many, and the page shows the recent ones.
  const rounds = d.format === "arena" ? [...d.rounds_detail].reverse() : d.rounds_detail;
  return rounds.map((r) => {
    const section = el("section", { className: "panel r-round", testid: "rounds-round" });
    section.append(el("h2", { text: roundTitle(r, d.format) }));
    const grid = el("div", { className: "r-grid" });
    grid.append(...r.tables.map((t) => tableCard(t)));
    section.append(grid);
    return section;
  });
}

function elimination(d) {
  const bracket = el("div", { className: "r-bracket", testid: "rounds-bracket" });
  const last = d.rounds_detail.length;
  d.rounds_detail.forEach((r) => {
    const column = el("section", { className: "r-column", testid: "rounds-round" });
    const final = d.status === "finished" && r.number === last;
    column.append(el("h2", { text: final ? gettext("Final") : fmt(gettext("Round %(n)s"), { n: r.number }) }));
    const cards = el("div", { className: "r-column-tables" });
    cards.append(...r.tables.map((t) => tableCard(t, final ? { final } : { advancing: r.advancing || [] })));
    column.append(cards);
    bracket.append(column);
  });
  return [bracket];
}

function duplicate(d) {
  return d.rounds_detail.map((r) => {
    const section = el("section", { className: "panel r-round", testid: "rounds-round" });
    section.append(el("h2", { text: roundTitle(r, d.format) }));
    const groups = new Map();
    for (const t of r.tables) {
      const key = t.deal_group === null ? -1 : t.deal_group;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(t);
    }
    for (const [group, tables] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
      const box = el("div", { className: "r-group", testid: "rounds-group" });
      box.append(el("h3", { text: fmt(ngettext("Deal %(g)s: the same hands at %(n)s table", "Deal %(g)s: the same hands at %(n)s tables", tables.length), { g: group + 1, n: tables.length }) }));
      const grid = el("div", { className: "r-grid" });
      grid.append(...tables.map((t) => tableCard(t)));
      box.append(grid);
      section.append(box);
    }
    return section;
  });
}

const HINTS = {
  swiss: () => gettext("Each round seats players with similar scores together; places at each table give placement points."),
  single: () => gettext("One table plays every round."),
  elimination: () => gettext("The best players of each table go through to the next round (✓), the others are out (✕), until one table is left."),
  duplicate: () => gettext("Every table of a deal group plays the same hands; a group's results show once all its tables have finished."),
  arena: () => gettext("Arena: a wave is the tables formed at one moment from the players waiting; a player gets a new table as soon as theirs ends. The latest waves and every table still playing are shown."),
};

function render(d) {
  document.getElementById("rounds-format").textContent = formatName(d.format);
  document.getElementById("rounds-hint").textContent = (HINTS[d.format] || HINTS.swiss)();
  document.getElementById("rounds-none").hidden = d.rounds_detail.length > 0;
  const draw = { elimination, duplicate }[d.format] || swiss;
  body.replaceChildren(...draw(d));
  root.dataset.status = d.status;
}

async function load() {
  let d = null;
  try { d = await api(`tournaments/${id}`); } catch (e) { /* the next poll retries */ }
  if (d) render(d);
  if (!d || d.status === "running" || d.status === "registration" || d.status === "scheduled") {
    setTimeout(load, 10000);
  }
}
load();
