"""Game analysis: how good each decision was, and how lucky each seat was (issue 18, items 1-3).

Pure: no Django, no clock in the results but ``seconds``, no global random. ``analyse(events)``
takes a match's engine events (as ``games.engine.replay`` takes them) and returns a JSON-able
dict (``ANALYSIS_VERSION``; its fields are listed in docs/analysis.md).

Decisions
---------
The events are replayed with the engine. At every seat command where the seat had more than one
legal move, the analysis builds ``seat_knowledge(state, seat)`` — the seat's hand and the public
table, never another hand nor the boneyard (RULES R4) — and evaluates EVERY legal move the way
the Monte-Carlo bot does (games/bots/mc.py):

1. sample ``budget.worlds`` worlds the seat cannot tell from the real one (``sample_world``);
2. on each world, for every move: play it with the engine's ``step``, then play the rest of the
   ROUND with the reference policy "smart" (games/bots/heuristic.py) for every seat;
3. read the round's scores: the seat's own points (``expected``) and, for every seat j, the
   outcome ``games.bots.mc.outcome`` (its score against the mean of the others', in points,
   higher = better; it sums to 0 over the seats).

Every move is evaluated on the same worlds with the same rollout seeds (common random numbers),
so the differences between moves are far less noisy than each move's value. ``best`` is the move
with the highest mean own outcome (ties go to the move played); ``loss = best_value - value``
(>= 0, in points); ``gifts[j] = E[outcome_j | played] - E[outcome_j | best]``: what the seat's
choice handed to seat j (0 for itself). The evaluation of a decision reads only the knowledge
object (``evaluate_moves`` takes a ``SeatKnowledge``), and its random numbers come from
``hashlib.sha256(seed, index)``: the analysis is deterministic for (events, budget, seed) and a
decision's evaluation is unchanged by anything the seat could not see.

Accuracy
--------
``accuracy = 100 * mean(exp(-loss / ACCURACY_SCALE))`` over the seat's decisions (100 with none).
``ACCURACY_SCALE`` is 5 points: an outcome point is a point of round score against the table's
mean, and in a 4-player double-12 round the spread of outcomes is tens of points, so a loss of
1 point (e.g. keeping a 1-pip heavier tile) still scores ~82%, a clear mistake of 5 points ~37%,
and a blunder of 15 points or more (a double left uncovered, the own train abandoned) ~5% or
less. The scale is also well above the evaluation's noise for a good move: with the default
budget a move the reference rates best on average shows a loss of a fraction of a point from
sampling alone, so careful play scores in the 80s-90s and random play far lower (measured in
docs/analysis.md).

Luck
----
Per completed round, per seat (``games.bots.luck``): ``deal`` (the dealt hands' strength),
``draws`` (what the seat's draws were worth), ``result`` (the actual outcome) and
``result_less_luck = result - deal - draws``. See that module.

The skill index
---------------
Measured against the reference policy, a round's outcome for a seat splits into the chance
events (the deal, every draw), the seat's own decisions and the other seats' decisions: each
term is what that event changed in the seat's expected outcome. "The result minus what the luck
predicted", the duplicate idea, is the own-decisions term — what the seat gained or lost by
playing its moves where the reference player, with the same tiles in the same seat, would have
played its own. Taking it as a difference (result - luck estimates) adds the noise of every
estimate to the noise of the result; here it is summed term by term instead: for every decision,
``gain = value(played) - value(reference's move)``, both on the decision's sampled worlds with
common random numbers (0 when the seat played the reference's move). Only a decision where the
two moves differ carries sampling noise in its gain, so there the two moves alone are evaluated
on ``budget.gain_worlds`` more worlds, pooled with the first ones (a quarter of the variance at
the default budget, for about the time of the first evaluation again). Per completed round
``skill[seat]`` is the sum of the seat's gains in the round, and the game's ``skill`` the mean
over its completed rounds: points per round against the reference in the seat's place. Above 0
the seat played better than the reference bot, below 0 worse. The reference is "smart", the
heuristic (games/bots/heuristic.py): its own seats score exactly 0. The validation (how many
games the index needs to rank bots of a known order, against placements) is
``tests.benchmarks.validate_skill_index`` and docs/analysis.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.bots.heuristic import smart_choice
from games.bots.knowledge import SeatKnowledge
from games.bots.knowledge import sample_world
from games.bots.knowledge import seat_knowledge
from games.bots.luck import analyse_luck
from games.bots.luck import derived_rng
from games.bots.mc import ROLLOUTS
from games.bots.mc import outcome
from games.bots.mc import scores_after
from games.engine import events as ev
from games.engine.commands import DrawTile
from games.engine.commands import Pass
from games.engine.commands import PlaceEngine
from games.engine.commands import PlayTile
from games.engine.commands import SeatCommand
from games.engine.commands import Stop
from games.engine.commands import command_to_dict
from games.engine.rules import legal_moves
from games.engine.state import evolve
from games.engine.state import initial_state

ANALYSIS_VERSION = 2  # 2: the skill index sums the decisions' gains against the reference
ACCURACY_SCALE = 5.0
REFERENCE_POLICY = "smart"


@dataclass(frozen=True)
class Budget:
    """How much work the analysis does: worlds per decision, rollouts per luck estimate, and
    the worlds added to a decision's ``gain`` when the move played is not the reference's."""

    worlds: int = 24
    luck_rollouts: int = 16
    gain_worlds: int = 96

    def to_dict(self) -> dict[str, int]:
        return {
            "worlds": self.worlds,
            "luck_rollouts": self.luck_rollouts,
            "gain_worlds": self.gain_worlds,
        }


def command_of(event: ev.Event) -> SeatCommand | None:
    """Return the seat command a move event is the result of (None for other events)."""
    if isinstance(event, ev.TilePlayed):
        return PlayTile(event.seat, event.tile, event.train)
    if isinstance(event, ev.TileDrawn):
        return DrawTile(event.seat)
    if isinstance(event, ev.TurnPassed):
        return Pass(event.seat)
    if isinstance(event, ev.TurnStopped):
        return Stop(event.seat)
    if isinstance(event, ev.EnginePlaced):
        return PlaceEngine(event.seat)
    return None


@dataclass(frozen=True)
class MoveValues:
    """A decision's evaluation: per legal move, the mean own score and mean outcome per seat."""

    moves: tuple[SeatCommand, ...]
    expected: tuple[float, ...]  # per move: the seat's mean points at the round's end
    values: tuple[tuple[float, ...], ...]  # per move, per seat: mean outcome
    worlds: int


def evaluate_moves(
    k: SeatKnowledge,
    worlds: int,
    rng: random.Random,
    moves: Sequence[SeatCommand] | None = None,
) -> MoveValues:
    """Evaluate every legal move of ``k`` (or only ``moves``, some of them) on ``worlds``
    worlds sampled from the knowledge only, with the same worlds and rollout seeds for every
    move (common random numbers)."""
    moves = k.legal_moves if moves is None else tuple(moves)
    n = k.seats
    positive = k.ruleset.scoring == "positive"
    policy = ROLLOUTS[REFERENCE_POLICY]
    own = [0.0] * len(moves)
    totals = [[0.0] * n for _ in moves]
    for _ in range(worlds):
        world = sample_world(k, rng)
        seed = rng.getrandbits(64)
        for i, m in enumerate(moves):
            scores = scores_after(world, m, seed, policy)
            own[i] += scores[k.seat]
            row = totals[i]
            for j in range(n):
                row[j] += outcome(scores, j, positive)
    w = max(worlds, 1)
    return MoveValues(
        moves=tuple(moves),
        expected=tuple(x / w for x in own),
        values=tuple(tuple(x / w for x in row) for row in totals),
        worlds=worlds,
    )


def _r(x: float) -> float:
    return round(x, 4)


def judge(
    mv: MoveValues,
    played: SeatCommand,
    seat: int,
    reference: SeatCommand | None = None,
    extra: MoveValues | None = None,
) -> dict[str, Any]:
    """Return the decision fields for ``played`` given the evaluation ``mv``;
    ``reference`` is the reference policy's move in the seat's place (``gain`` is measured
    against it: ``value(played) - value(reference)``, 0 when they are the same move), and
    ``extra`` an evaluation of those two moves on more worlds, pooled into the gain."""
    pi = mv.moves.index(played)
    ri = pi if reference is None else mv.moves.index(reference)
    gain = mv.values[pi][seat] - mv.values[ri][seat]
    if extra is not None and ri != pi:
        extra_gain = (
            extra.values[extra.moves.index(played)][seat]
            - extra.values[extra.moves.index(reference)][seat]
        )
        gain = (gain * mv.worlds + extra_gain * extra.worlds) / (mv.worlds + extra.worlds)
    bi = max(range(len(mv.moves)), key=lambda i: (mv.values[i][seat], i == pi))
    value = mv.values[pi][seat]
    best_value = mv.values[bi][seat]
    gifts = [
        0.0 if j == seat else _r(mv.values[pi][j] - mv.values[bi][j])
        for j in range(len(mv.values[pi]))
    ]
    return {
        "options": len(mv.moves),
        "played": command_to_dict(played),
        "best": command_to_dict(mv.moves[bi]),
        "expected": _r(mv.expected[pi]),
        "best_expected": _r(mv.expected[bi]),
        "value": _r(value),
        "best_value": _r(best_value),
        "loss": _r(max(0.0, best_value - value)),
        "reference": command_to_dict(mv.moves[ri]),
        "gain": _r(gain),
        "gifts": gifts,
    }


def accuracy(losses: Sequence[float]) -> float:
    """Return 100 * mean(exp(-loss / ACCURACY_SCALE)); 100 for no decisions."""
    if not losses:
        return 100.0
    return 100.0 * sum(math.exp(-x / ACCURACY_SCALE) for x in losses) / len(losses)


def analyse_decisions(
    events: Sequence[ev.Event], *, budget: Budget = Budget(), seed: bytes = b""
) -> list[dict[str, Any]]:
    """Return the decisions: every seat command with more than one legal move,
    evaluated from the seat's knowledge only."""
    if not events or not isinstance(events[0], ev.MatchStarted):
        raise ValueError("a match's log starts with MatchStarted")
    state = initial_state(events[0])
    out: list[dict[str, Any]] = []
    for index in range(1, len(events)):
        e = events[index]
        command = command_of(e)
        if command is not None:
            seat = command.seat
            moves = legal_moves(state, seat)
            if command not in moves:
                raise ValueError(f"event {index} ({e.type}) is not a legal move of seat {seat}")
            if len(moves) > 1:
                k = seat_knowledge(state, seat)
                mv = evaluate_moves(k, budget.worlds, derived_rng(seed, "decision", index))
                reference = smart_choice(k.legal_moves, k.hand, k, seat)
                extra = None
                if reference != command and budget.gain_worlds > 0:
                    # Only where the two differ does the gain carry sampling noise: spend the
                    # extra worlds there, on the two moves alone.
                    rng = derived_rng(seed, "gain", index)
                    extra = evaluate_moves(k, budget.gain_worlds, rng, (command, reference))
                d: dict[str, Any] = {"index": index, "round": state.round, "seat": seat}
                d.update(judge(mv, command, seat, reference, extra))
                by = getattr(e, "by", None)
                if by is not None:
                    d["by"] = by
                out.append(d)
        evolve(state, e)
    return out


def player_summaries(seats: int, decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return per seat: decisions, accuracy, mean and total loss, total gifts to each seat."""
    players = []
    for seat in range(seats):
        mine = [d for d in decisions if d["seat"] == seat]
        losses = [d["loss"] for d in mine]
        gifts = [_r(sum(d["gifts"][j] for d in mine)) for j in range(seats)]
        players.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "accuracy": _r(accuracy(losses)),
                "mean_loss": _r(sum(losses) / len(losses)) if losses else 0.0,
                "total_loss": _r(sum(losses)),
                "gifts": gifts,
            }
        )
    return players


def skill_by_round(
    seats: int, decisions: Sequence[dict[str, Any]], rounds: Sequence[dict[str, Any]]
) -> dict[int, list[float]]:
    """Return per completed round (by number) each seat's summed ``gain`` in the round."""
    out = {r["round"]: [0.0] * seats for r in rounds}
    for d in decisions:
        row = out.get(d["round"])
        if row is not None:
            row[d["seat"]] += d["gain"]
    return {k: [_r(x) for x in v] for k, v in out.items()}


def game_skill(seats: int, rounds: Sequence[dict[str, Any]]) -> list[float]:
    """Return per seat the mean of the completed rounds' ``skill`` (0 with none)."""
    if not rounds:
        return [0.0] * seats
    return [_r(sum(r["skill"][j] for r in rounds) / len(rounds)) for j in range(seats)]


def analyse(
    events: Sequence[ev.Event],
    *,
    budget: Budget = Budget(),
    seed: bytes = b"",
    decisions: bool = True,
) -> dict[str, Any]:
    """Return the analysis of a match (docs/analysis.md). ``decisions=False`` skips the
    decision analysis: luck only, "decisions" empty and no skill index (None per seat)."""
    t0 = time.perf_counter()
    if not events or not isinstance(events[0], ev.MatchStarted):
        raise ValueError("a match's log starts with MatchStarted")
    start = events[0]
    found = analyse_decisions(events, budget=budget, seed=seed) if decisions else []
    luck = analyse_luck(events, rollouts=budget.luck_rollouts, seed=seed)
    rounds = luck["rounds"]
    skill = skill_by_round(start.seats, found, rounds) if decisions else None
    for r in rounds:
        r["skill"] = skill[r["round"]] if skill is not None else [None] * start.seats
    return {
        "version": ANALYSIS_VERSION,
        "budget": budget.to_dict(),
        "seats": start.seats,
        "scoring": start.ruleset.scoring,
        "reference": REFERENCE_POLICY,
        "accuracy_scale": ACCURACY_SCALE,
        "decisions": found,
        "players": player_summaries(start.seats, found),
        "rounds": rounds,
        "skill": game_skill(start.seats, rounds) if decisions else [None] * start.seats,
        "result_less_luck": luck["result_less_luck"],
        "seconds": round(time.perf_counter() - t0, 3),
    }
