// The replay page: a slider over every step of a finished game (replay.steps: each round's
// deal, every move, each round's result), every hand shown; autoplay at a chosen speed.
import { api, errorText } from "./api.js";
import { gettext, fmt, ngettext } from "./i18n.js";
import { steps, positionAt, totalsBefore, moveCounts } from "./replay.js";
import { tileElement, tileLabel } from "./tiles.js";
import { describeEvent } from "./describe.js";
import { trainElement, showTrains, showStation } from "./board.js";
import { startAnalysis } from "./replay_analysis.js";

const root = document.getElementById("replay");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);
const slider = $("slider");
let record = null;
let all = [];

// -- autoplay: a step every STEP_MS / speed; any step the player takes pauses it --------------
const STEP_MS = 1000; // at 1×
const playButton = $("play");
const speed = $("speed");
let timer = null;

function setPlaying(playing) {
  playButton.dataset.playing = playing ? "1" : "0";
  playButton.querySelector(".play-icon").textContent = playing ? "⏸︎" : "▶︎";
  playButton.querySelector(".play-text").textContent = playing ? gettext("Pause") : gettext("Play");
  // A screen reader hears where the replay stopped, not every step it plays.
  $("position").setAttribute("aria-live", playing ? "off" : "polite");
}

function tick() {
  timer = null;
  const next = Number(slider.value) + 1;
  if (next > all.length - 1) { setPlaying(false); return; }
  show(next, { fromPlayer: false });
  if (next >= all.length - 1) { setPlaying(false); return; }
  timer = setTimeout(tick, STEP_MS / Number(speed.value));
}

function play() {
  if (timer !== null || all.length < 2) return;
  if (Number(slider.value) >= all.length - 1) show(0, { fromPlayer: false }); // from the start again
  setPlaying(true);
  timer = setTimeout(tick, STEP_MS / Number(speed.value));
}

function pause() {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  setPlaying(false);
}

// A new speed counts from now: the step waiting is rescheduled at it.
speed.addEventListener("change", () => {
  if (timer === null) return;
  clearTimeout(timer);
  timer = setTimeout(tick, STEP_MS / Number(speed.value));
});

function names() {
  return record.players.map((p) => p.name);
}

const ACTIONS = { engine: "EnginePlaced", draw: "TileDrawn", play: "TilePlayed", pass: "TurnPassed", stop: "TurnStopped" };

// Where step ``step`` is, in words: the round, and the move among the round's and the match's.
function whereText(step, pos) {
  const rounds = record.rounds.length;
  const round = record.rounds[step.round];
  if (step.kind === "deal") return fmt(gettext("Round %(round)s of %(rounds)s: the deal"), { round: pos.round, rounds });
  if (step.kind === "end") return fmt(gettext("Round %(round)s of %(rounds)s: the result"), { round: pos.round, rounds });
  const counts = moveCounts(record, step.round);
  return fmt(gettext("Round %(round)s of %(rounds)s, move %(move)s of %(moves)s (move %(n)s of %(total)s in the match)"), {
    round: pos.round, rounds, move: step.move, moves: round.moves.length, n: counts.before + step.move, total: counts.total,
  });
}

// What happened at step ``step``: the deal, the move, or the round's (and the match's) result.
function stepText(step, pos, nm) {
  const round = record.rounds[step.round];
  if (step.kind === "move") {
    // The record's engine placement names no tile: it is the round's engine double.
    const data = pos.move.action === "engine" ? { ...pos.move, tile: [pos.engine, pos.engine] } : pos.move;
    return describeEvent({ type: ACTIONS[pos.move.action], data }, nm);
  }
  if (step.kind === "deal") return fmt(gettext("Round %(round)s dealt; the engine is %(tile)s."), { round: pos.round, tile: tileLabel(pos.engine, pos.engine) });
  let text = describeEvent({ type: "RoundEnded", data: { ...round.result, round: pos.round } }, nm);
  if (step.round === record.rounds.length - 1 && record.result) {
    text += " " + describeEvent({ type: "MatchEnded", data: record.result }, nm);
  }
  return text;
}

function show(i, { fromPlayer = true } = {}) {
  if (fromPlayer) pause();
  i = Math.max(0, Math.min(all.length - 1, i));
  slider.value = String(i);
  const step = all[i];
  const pos = positionAt(record, step.round, step.move, step.kind === "end");
  const nm = names();
  $("position").textContent = whereText(step, pos);
  slider.setAttribute("aria-valuetext", $("position").textContent);
  const count = $("step-count");
  count.textContent = fmt(gettext("step %(i)s of %(n)s"), { i: i + 1, n: all.length });
  count.dataset.step = String(i);
  $("replay-move").textContent = stepText(step, pos, nm);
  // Before it is placed the engine is drawn waiting in the station: the round's start shows it.
  showStation($("station"), pos.engine, pos.enginePlaced, { waiting: true });
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
  playButton.addEventListener("click", () => (timer === null ? play() : pause()));
  document.addEventListener("keydown", (ev) => {
    if (ev.target === slider) return; // the range input handles its own arrows
    if (ev.target instanceof HTMLSelectElement) return; // the speed's own arrows
    if (ev.key === "ArrowLeft") { ev.preventDefault(); show(Number(slider.value) - 1); }
    if (ev.key === "ArrowRight") { ev.preventDefault(); show(Number(slider.value) + 1); }
  });
  if (all.length) show(Number.isFinite(wanted) ? wanted : 0);
  playButton.disabled = all.length < 2;
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
