// Pure replay logic: rebuild trains and hands from a game record's deal and moves.
// No DOM here, so it can be tested on its own.

export const MEXICAN = "mexican";

// Every step of the match, as the table's log lists them from the first deal on: each round's
// deal (kind "deal", move 0), each of its moves (kind "move": a play, a draw, a pass, a stop or
// placing the engine, move k after the k-th), and its result (kind "end", once it has ended).
// No move is folded into another; only the log's "the match started" and "the match is over"
// have no step of their own (the first deal and the last result show them).
export function steps(record) {
  const out = [];
  record.rounds.forEach((round, r) => {
    out.push({ round: r, move: 0, kind: "deal" });
    round.moves.forEach((_, m) => out.push({ round: r, move: m + 1, kind: "move" }));
    if (round.result) out.push({ round: r, move: round.moves.length, kind: "end" });
  });
  return out;
}

// How many moves the match has, and how many come before round index ``r``.
export function moveCounts(record, r) {
  let before = 0;
  record.rounds.forEach((round, i) => { if (i < r) before += round.moves.length; });
  return { before, total: record.rounds.reduce((n, round) => n + round.moves.length, 0) };
}

function norm(t) {
  return [Math.max(t[0], t[1]), Math.min(t[0], t[1])];
}

function sameTile(a, b) {
  const x = norm(a), y = norm(b);
  return x[0] === y[0] && x[1] === y[1];
}

// The table after the first `count` moves of round index `r`; its result once `ended` (the
// round's "end" step), never before.
export function positionAt(record, r, count, ended = false) {
  const round = record.rounds[r];
  const n = record.players.length;
  const engine = round.engine;
  const hands = round.deal.hands.map((h) => (h ? h.map(norm) : null));
  const boneyard = (round.deal.boneyard || []).map(norm);
  const trains = [];
  for (let i = 0; i <= n; i++) trains.push({ train: i === n ? MEXICAN : i, tiles: [], end: engine, marker: i === n });
  let enginePlaced = false;
  let bpos = 0;
  let last = null;
  for (let k = 0; k < count && k < round.moves.length; k++) {
    const m = round.moves[k];
    last = m;
    const hand = hands[m.seat];
    if (m.action === "engine") {
      enginePlaced = true;
      if (hand) removeTile(hand, [engine, engine]);
    } else if (m.action === "draw") {
      const t = bpos < boneyard.length ? boneyard[bpos] : (m.tile ? norm(m.tile) : null);
      bpos += 1;
      if (hand && t) hand.push(t);
    } else if (m.action === "play") {
      const ti = m.train === MEXICAN ? n : m.train;
      const train = trains[ti];
      const [a, b] = norm(m.tile);
      const outer = a === train.end ? b : a;
      train.tiles.push([train.end, outer]);
      train.end = outer;
      if (ti === m.seat) train.marker = false; // R16
      if (hand) removeTile(hand, m.tile);
    } else if (m.action === "pass") {
      trains[m.seat].marker = true; // R11, R15
    }
  }
  return {
    round: round.number,
    engine,
    enginePlaced,
    trains,
    hands,
    boneyardCount: Math.max(0, (round.deal.boneyard ? boneyard.length : 0) - bpos),
    move: last,
    moveIndex: count,
    roundOver: ended && count >= round.moves.length,
    result: ended && count >= round.moves.length ? round.result || null : null,
  };
}

function removeTile(hand, t) {
  const i = hand.findIndex((h) => sameTile(h, t));
  if (i >= 0) hand.splice(i, 1);
}

// Totals of the rounds finished before round index r (and including r when it is over).
export function totalsBefore(record, r, includeCurrent) {
  const n = record.players.length;
  const totals = new Array(n).fill(0);
  record.rounds.forEach((round, i) => {
    if ((i < r || (includeCurrent && i === r)) && round.result) {
      round.result.scores.forEach((s, j) => { totals[j] += s; });
    }
  });
  return totals;
}
