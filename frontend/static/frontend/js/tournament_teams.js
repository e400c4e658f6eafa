// A tournament's team parts: the team a team-only event is for, and a team battle's live
// team leaderboard (each team's score is the sum of its best players' points; the standings'
// `teams`, pushed over the socket as every table ends).
import { gettext, ngettext, fmt } from "./i18n.js";
import { el } from "./tournament_common.js";

function teamLink(team) {
  const a = el("a", { text: team.name });
  a.href = `/teams/${encodeURIComponent(team.slug)}`;
  return a;
}

// Facts (dt/dd pairs) about the teams, after the format's.
export function teamFacts(d) {
  const out = [];
  const pair = (label, value, testid) => {
    const div = el("div");
    const dd = el("dd", { testid });
    dd.append(value);
    div.append(el("dt", { text: label }), dd);
    return div;
  };
  if (d.team) out.push(pair(gettext("Team only"), teamLink(d.team), "team-only"));
  if (d.battle) {
    const names = el("span");
    d.battle.teams.forEach((t, i) => { if (i) names.append(", "); names.append(teamLink(t)); });
    out.push(pair(gettext("Team battle"), names, "battle-teams"));
    out.push(pair(gettext("Team score"), fmt(ngettext("the points of each team's best player", "the sum of each team's best %(n)s players' points", d.battle.best), { n: d.battle.best }), "battle-best"));
  }
  return out;
}

// The team leaderboard of a team battle (hidden otherwise).
export function renderBattle(d) {
  const panel = document.getElementById("battle-panel");
  if (!panel) return;
  panel.hidden = !d.battle;
  if (!d.battle) return;
  const list = document.getElementById("battle-rows");
  const teams = (d.standings && d.standings.teams) || d.battle.teams.map((t, i) => ({
    rank: i + 1, team: t.slug, name: t.name, score: 0, players: 0, counted: [],
  }));
  const names = new Map(((d.standings && d.standings.lines) || []).map((l) => [l.entry, l.username]));
  list.replaceChildren(...teams.map((t) => {
    const tr = el("tr", { testid: "battle-row" });
    tr.dataset.team = t.team;
    const team = el("td");
    team.append(teamLink({ slug: t.team, name: t.name }));
    const counted = t.counted.map((e) => names.get(e)).filter(Boolean).join(", ");
    team.append(el("span", { className: "small battle-counted", text: counted ? fmt(gettext("counted: %(names)s"), { names: counted }) : "" }));
    tr.append(
      el("td", { text: String(t.rank) }),
      team,
      el("td", { className: "arena-points", text: String(t.score), testid: "battle-score" }),
      el("td", { text: String(t.players) }),
    );
    return tr;
  }));
}

// A leaderboard line's team, as a small badge (a team battle's lines name their team).
export function teamBadge(d, slug) {
  if (!d.battle || !slug) return null;
  const team = d.battle.teams.find((t) => t.slug === slug);
  return team ? el("span", { className: "badge battle-team", text: team.name, testid: "line-team" }) : null;
}
