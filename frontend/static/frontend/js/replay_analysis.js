// The replay's Analysis panel: once the game is finished, GET games/<id>/analysis; while it is
// pending the panel says so and asks again every few seconds (for a few minutes); once done it
// shows each player's accuracy, the points lost per decision (a chart and the list of the big
// losses, each a way to that move in the replay) and, per round, the luck of the deal and the
// draws against what the players made of it.
import { api, errorText } from "./api.js";
import { gettext, fmt } from "./i18n.js";
import { el, scrollBox, signed, percent, severity, severityText, lossChart, legendMarker, moveText, moveOfIndex, drawSized, MISTAKE, BLUNDER } from "./analysis.js";

const POLL_MS = 5000;
const POLL_FOR_MS = 5 * 60 * 1000;

export function startAnalysis({ root, gameId, record, goTo }) {
  const status = root.querySelector("#analysis-status");
  const body = root.querySelector("#analysis-body");
  const started = Date.now();

  const say = (text, state) => {
    status.textContent = text;
    status.hidden = !text;
    root.dataset.state = state;
  };

  async function poll() {
    let answer;
    try {
      answer = await api(`games/${gameId}/analysis`);
    } catch (err) {
      if (err.status === 409) { root.hidden = true; return; } // not finished: nothing to analyse
      say(errorText(err), "error");
      return;
    }
    if (answer.status === "done" && answer.analysis) {
      say("", "done");
      render(answer);
    } else if (answer.status === "failed") {
      say(gettext("The analysis of this game could not be computed."), "failed");
    } else if (Date.now() - started < POLL_FOR_MS) {
      say(gettext("The analysis of this game is being computed; this panel updates by itself when it is ready."), "pending");
      setTimeout(poll, POLL_MS);
    } else {
      say(gettext("The analysis is taking longer than usual: reload the page later to see it."), "pending");
    }
  }

  function render(answer) {
    const a = answer.analysis;
    const bySeat = {};
    for (const p of answer.players || []) bySeat[p.seat] = p;
    const names = record.players.map((p) => (bySeat[p.seat] && bySeat[p.seat].username) || p.name);
    body.replaceChildren(
      playersTable(a, bySeat, names),
      chartSection(a, names),
      bigLosses(a, names),
      luckSection(a, names),
    );
    body.hidden = false;
  }

  function playersTable(a, bySeat, names) {
    const section = el("section", { cls: "analysis-part", testid: "analysis-accuracy" });
    section.append(el("h3", { text: gettext("Accuracy") }));
    section.append(el("p", {
      cls: "hint",
      text: gettext("Accuracy is 100% when every decision with a choice was as good as the best move the analysis found, and falls the more points the decisions gave away; forced moves do not count."),
    }));
    const table = el("table", { cls: "rating-table analysis-table" });
    const head = el("tr");
    for (const [h, cls] of [[gettext("Player")], [gettext("Accuracy")], [gettext("Decisions"), "col-decisions"], [gettext("Lost per decision"), "col-lost"], [gettext("Skill")]]) {
      head.append(el("th", { text: h, cls, attrs: { scope: "col" } }));
    }
    table.append(el("thead"));
    table.tHead.append(head);
    const tbody = el("tbody");
    for (const p of a.players) {
      const tr = el("tr", { testid: "analysis-player", attrs: { "data-seat": p.seat } });
      const who = el("th", { attrs: { scope: "row" } });
      const name = el("span", { cls: "who" });
      name.append(legendMarker(p.seat), " ", names[p.seat]);
      who.append(name);
      if (bySeat[p.seat] && bySeat[p.seat].is_bot) who.append(el("span", { cls: "badge bot", text: gettext("bot") }));
      tr.append(
        who,
        el("td", { text: percent(p.accuracy), testid: "analysis-player-accuracy" }),
        el("td", { text: String(p.decisions), cls: "col-decisions" }),
        el("td", { text: Number(p.mean_loss).toFixed(2), cls: "col-lost" }),
        el("td", { text: signed(a.skill ? a.skill[p.seat] : null) }),
      );
      tbody.append(tr);
    }
    table.append(tbody);
    section.append(scrollBox(table, gettext("Accuracy")));
    return section;
  }

  function chartSection(a, names) {
    const section = el("section", { cls: "analysis-part" });
    section.append(el("h3", { text: gettext("Points lost per decision") }));
    const figure = el("figure", { cls: "analysis-chart", testid: "loss-chart" });
    drawSized(figure, (width) => lossChart(a.decisions, names, { width, height: width < 480 ? 240 : 280 }));
    const legend = el("ul", { cls: "chart-legend", testid: "loss-chart-legend" });
    names.forEach((name, s) => {
      const li = el("li");
      li.append(legendMarker(s), " ", name);
      legend.append(li);
    });
    const key = el("li", { cls: "legend-key" });
    key.textContent = fmt(gettext("? a mistake (%(m)s points or more), ?? a blunder (%(b)s or more)"), { m: MISTAKE, b: BLUNDER });
    legend.append(key);
    section.append(figure, legend);
    return section;
  }

  function bigLosses(a, names) {
    const section = el("section", { cls: "analysis-part", testid: "analysis-big-losses" });
    section.append(el("h3", { text: gettext("Mistakes and blunders") }));
    const big = a.decisions.filter((d) => severity(d.loss)).sort((p, q) => p.index - q.index);
    if (!big.length) {
      section.append(el("p", { cls: "empty", text: fmt(gettext("No decision lost %(m)s points or more."), { m: MISTAKE }) }));
      return section;
    }
    const list = el("ol", { cls: "big-losses" });
    for (const d of big) {
      const kind = severity(d.loss);
      const at = moveOfIndex(record, d.index);
      const step = at ? at.step : null;
      const li = el("li", { cls: kind, testid: "big-loss", attrs: { "data-index": d.index, "data-step": step === null ? "" : step } });
      const button = el("button", { cls: "link-button", attrs: { type: "button" } });
      button.append(
        el("span", { cls: `severity ${kind}`, text: severityText(kind) }), " ",
        el("span", { cls: "link-text", text: fmt(gettext("Round %(round)s, move %(move)s: %(name)s lost %(points)s points by %(played)s; the best was %(best)s."), {
          round: d.round, move: at ? at.move : "?", name: names[d.seat], points: Number(d.loss).toFixed(1),
          played: moveText(d.played, d.seat, names), best: moveText(d.best, d.seat, names),
        }) }),
      );
      button.disabled = step === null;
      button.addEventListener("click", () => goTo(step));
      li.append(button);
      list.append(li);
    }
    section.append(list);
    return section;
  }

  function luckSection(a, names) {
    const section = el("section", { cls: "analysis-part", testid: "analysis-luck" });
    section.append(el("h3", { text: gettext("Luck and skill by round") }));
    section.append(el("p", {
      cls: "hint",
      text: gettext("Deal, Draws and Result are points against the table average: how good the dealt hand was, how much the drawn tiles helped, and what happened. Skill is what the player's own moves gained (+) or lost (−) in the round against the moves the reference bot would have made in their place with the same tiles, so luck does not count in it."),
    }));
    const grid = el("div", { cls: "luck-tables" });
    for (const r of a.rounds) {
      const table = el("table", { cls: "rating-table analysis-table luck-table", testid: "luck-table", attrs: { "data-round": r.round } });
      table.append(el("caption", { text: fmt(gettext("Round %(n)s"), { n: r.round }) }));
      const thead = el("thead");
      const head = el("tr");
      for (const h of [gettext("Player"), gettext("Deal"), gettext("Draws"), gettext("Result"), gettext("Skill")]) head.append(el("th", { text: h, attrs: { scope: "col" } }));
      thead.append(head);
      const tbody = el("tbody");
      names.forEach((name, s) => {
        const tr = el("tr");
        tr.append(el("th", { text: name, attrs: { scope: "row" } }));
        for (const key of ["deal", "draws", "result", "skill"]) {
          const v = r[key] ? r[key][s] : null;
          const td = el("td", { text: signed(v), cls: v > 0.05 ? "plus" : v < -0.05 ? "minus" : "" });
          if (key === "skill") td.setAttribute("data-testid", "luck-skill");
          tr.append(td);
        }
        tbody.append(tr);
      });
      table.append(thead, tbody);
      grid.append(scrollBox(table, fmt(gettext("Round %(n)s"), { n: r.round })));
    }
    section.append(grid);
    return section;
  }

  root.hidden = false;
  poll();
}
