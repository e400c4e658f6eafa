"""The Monte-Carlo bot ("mc", alias "strong"): determinization with rollouts to the round's end.

For a decision with more than one legal move, it repeats, until its budget is spent:
1. sample a world the seat cannot tell from the real one (``sample_world``: the unseen tiles
   dealt at random into the other hands, with their known sizes, and into the boneyard);
2. for every candidate move, on a copy of that world: play the move with the engine's ``step``,
   then play the rest of the ROUND with a fast rollout policy for every seat;
3. score the round's outcome for the seat (see ``outcome``).
Every candidate is evaluated on the same worlds and rollout seeds (common random numbers), and
the move with the best mean outcome is chosen. Only completed worlds count; if none completed
within the budget, the heuristic's move is returned. A single legal move returns at once.

Budget: ``budget_ms`` of wall-clock time per decision (default 150), or, when ``samples`` is
given, exactly that many worlds (deterministic for a seeded ``rng``, for tests).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from games.bots.heuristic import smart_choice
from games.bots.heuristic import smart_state_policy
from games.bots.knowledge import SeatKnowledge
from games.bots.knowledge import sample_world
from games.bots.simple import greedy_policy
from games.engine import GameState
from games.engine import legal_moves
from games.engine import step
from games.engine.commands import SeatCommand
from games.engine.state import ENGINE
from games.engine.state import PLAYING

RolloutPolicy = Callable[[GameState, int, Sequence[SeatCommand], random.Random], SeatCommand]


def greedy_state_policy(
    state: Any, seat: int, moves: Sequence[SeatCommand], rng: random.Random
) -> SeatCommand:
    return greedy_policy(moves, rng)


def epsilon(policy: RolloutPolicy, eps: float) -> RolloutPolicy:
    """Return ``policy`` that plays a uniformly random legal move with probability ``eps``."""

    def choose(
        state: Any, seat: int, moves: Sequence[SeatCommand], rng: random.Random
    ) -> SeatCommand:
        if len(moves) > 1 and rng.random() < eps:
            return moves[int(rng.random() * len(moves))]
        return policy(state, seat, moves, rng)

    return choose


ROLLOUTS: dict[str, RolloutPolicy] = {
    "greedy": greedy_state_policy,
    "smart": smart_state_policy,
    "smart-eps": epsilon(smart_state_policy, 0.1),
}


def rollout(state: GameState, rng: random.Random, policy: RolloutPolicy) -> tuple[int, ...]:
    """Play ``state`` (owned) to the end of its round; return the round's scores."""
    while state.phase == PLAYING or state.phase == ENGINE:
        seat = state.to_move
        moves = legal_moves(state, seat)
        step(state, moves[0] if len(moves) == 1 else policy(state, seat, moves, rng))
    return state.round_history[-1]


def scores_after(
    world: GameState, move: SeatCommand, seed: int, policy: RolloutPolicy
) -> tuple[int, ...]:
    """Return the round's scores when ``move`` is made in a copy of ``world`` and ``policy``
    plays the rest of the round from a generator seeded with ``seed`` (the same seed for every
    move of a world: common random numbers)."""
    s = world.copy()
    step(s, move)
    if s.phase == PLAYING or s.phase == ENGINE:
        return rollout(s, random.Random(seed), policy)
    return s.round_history[-1]


def outcome(scores: Sequence[int], seat: int, positive: bool) -> float:
    """Return how good a round's scores are for ``seat`` (higher is better): its score against the
    mean of the others' (penalty scoring: fewer points is better; positive scoring: more)."""
    n = len(scores)
    others = (sum(scores) - scores[seat]) / (n - 1)
    diff = scores[seat] - others
    return diff if positive else -diff


class MonteCarloStrategy:
    """Determinization + rollouts; decides from a ``SeatKnowledge`` only."""

    name = "mc"

    def __init__(
        self,
        budget_ms: float = 150.0,
        samples: int | None = None,
        rollout_policy: str | RolloutPolicy = "smart",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.budget = budget_ms / 1000.0
        self.samples = samples
        if isinstance(rollout_policy, str):
            rollout_policy = ROLLOUTS[rollout_policy]
        self.policy = rollout_policy
        self.clock = clock
        self.last_worlds = 0  # worlds completed by the last decision (for benchmarks)

    def choose(self, k: SeatKnowledge, rng: random.Random) -> SeatCommand:
        moves = k.legal_moves
        self.last_worlds = 0
        if len(moves) == 1:
            return moves[0]
        fallback = smart_choice(moves, k.hand, k, k.seat)
        clock = self.clock
        deadline = clock() + self.budget
        samples = self.samples
        timed = samples is None
        positive = k.ruleset.scoring == "positive"
        seat = k.seat
        policy = self.policy
        totals = [0.0] * len(moves)
        done = 0
        while True:
            if timed:
                if clock() >= deadline:
                    break
            elif samples is not None and done >= samples:
                break
            world = sample_world(k, rng)
            seed = rng.getrandbits(64)
            values = []
            for m in moves:
                if timed and clock() >= deadline:
                    break
                values.append(outcome(scores_after(world, m, seed, policy), seat, positive))
            if len(values) < len(moves):
                break
            for i, v in enumerate(values):
                totals[i] += v
            done += 1
        self.last_worlds = done
        if not done:
            return fallback
        best_i = max(range(len(moves)), key=lambda i: (totals[i], moves[i] == fallback))
        return moves[best_i]
