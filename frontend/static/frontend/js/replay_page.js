// The replay page: a slider over every move of a finished game, every hand shown.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { steps, positionAt, totalsBefore } from "./replay.js";
import { tileElement } from "./tiles.js";
import { describeEvent } from "./describe.js";
import { trainElement, showTrains, showStation } from "./board.js";
import { startAnalysis } from "./replay_analysis.js";

const root = document.getElementById("replay");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);
const slider = $("slider");
let record = null;
let all = [];

function names() {
  return record.players.map((p) => p.name);
}

function show(i) {
  i = Math.max(0, Math.min(all.length - 1, i));
  slider.value = String(i);
  const step = all[i];
  const pos = positionAt(record, step.round, step.move);
  const nm = names();
  $("position").textContent = fmt(gettext("Round %(round)s, move %(move)s (step %(i)s of %(n)s)"), {
    round: pos.round, move: step.move, i, n: all.length - 1,
  });
  $("replay-move").textContent = pos.move
    ? describeEvent({ type: { engine: "EnginePlaced", draw: "TileDrawn", play: "TilePlayed", pass: "TurnPassed", stop: "TurnStopped" }[pos.move.action], data: pos.move }, nm)
    : fmt(gettext("Round %(round)s dealt; the engine is %(tile)s."), { round: pos.round, tile: `[${pos.engine}|${pos.engine}]` });
  showStation($("station"), pos.engine, pos.enginePlaced);
  showTrains($("trains"), pos.trains.map((t) => trainElement(t, { names: nm }).div));
  $("boneyard").textContent = fmt(ngettext("Boneyard: %(n)s tile", "Boneyard: %(n)s tiles", pos.boneyardCount), { n: pos.boneyardCount });
  $("hands").replaceChildren(...pos.hands.map((h, s) => {
    const div = document.createElement("div");
    div.className = "replay-hand";
    div.setAttribute("data-testid", "replay-hand");
    div.dataset.seat = String(s);
    const title = document.createElement("h3");
    title.textContent = nm[s];
    const row = document.createElement("div");
    row.className = "hand";
    for (const t of h || []) row.append(tileElement(t[0], t[1]));
    div.append(title, row);
    return div;
  }));
  const totals = totalsBefore(record, step.round, pos.roundOver);
  const table = document.createElement("table");
  table.className = "score-table";
  const head = document.createElement("tr");
  for (const n of [gettext("Total"), ...nm]) { const x = document.createElement("th"); x.textContent = n; head.append(x); }
  const row = document.createElement("tr");
  for (const n of ["", ...totals]) { const x = document.createElement("td"); x.textContent = String(n); row.append(x); }
  table.append(head, row);
  $("scores").replaceChildren(table);
  const url = new URL(window.location.href);
  url.searchParams.set("move", String(i));
  window.history.replaceState(null, "", url);
}

async function init() {
  try {
    record = await api(`games/${gameId}/record`);
  } catch (err) {
    $("replay-error").textContent = errorText(err);
    $("replay-error").hidden = false;
    return;
  }
  if (!record.result) {
    $("replay-error").textContent = gettext("The replay shows every hand once the game has finished; until then only the public table is shown.");
    $("replay-error").hidden = false;
  }
  all = steps(record);
  slider.max = String(Math.max(0, all.length - 1));
  const wanted = Number(new URL(window.location.href).searchParams.get("move") || 0);
  slider.addEventListener("input", () => show(Number(slider.value)));
  $("prev").addEventListener("click", () => show(Number(slider.value) - 1));
  $("next").addEventListener("click", () => show(Number(slider.value) + 1));
  document.addEventListener("keydown", (ev) => {
    if (ev.target === slider) return; // the range input handles its own arrows
    if (ev.key === "ArrowLeft") { ev.preventDefault(); show(Number(slider.value) - 1); }
    if (ev.key === "ArrowRight") { ev.preventDefault(); show(Number(slider.value) + 1); }
  });
  if (all.length) show(Number.isFinite(wanted) ? wanted : 0);
  // The analysis exists once the game is finished (never before its end: it sees every hand).
  if (record.result) {
    startAnalysis({
      root: $("analysis"), gameId, record,
      goTo: (step) => {
        show(step);
        $("position").scrollIntoView({ block: "start" });
        slider.focus({ preventScroll: true });
      },
    });
  }
}

init();
