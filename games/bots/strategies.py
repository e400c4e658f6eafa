"""Bot strategies that decide from one seat's knowledge, and a match runner for them.

Interface: a strategy has ``choose(knowledge, rng) -> SeatCommand`` where ``knowledge`` is the
``SeatKnowledge`` that ``seat_knowledge(state, seat)`` builds (games/bots/knowledge.py): the seat's
own hand, the public table and its legal moves — never another hand, never the boneyard's order.
The returned command is one of ``knowledge.legal_moves``.

Registry ``STRATEGIES`` (name -> factory taking keyword options):
- "random", "greedy": the simple policies of ``games.bots.simple`` (unchanged) on the legal moves;
- "smart": the hand-made heuristic (games/bots/heuristic.py);
- "mc" (alias "strong"): Monte-Carlo determinization with rollouts (games/bots/mc.py); options
  ``budget_ms`` (default 150), ``samples`` (a fixed number of worlds instead of a time budget),
  ``rollout_policy`` ("smart", "greedy", "smart-eps").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any
from typing import Protocol

from games.bots.heuristic import SmartStrategy
from games.bots.knowledge import SeatKnowledge
from games.bots.knowledge import seat_knowledge
from games.bots.mc import MonteCarloStrategy
from games.bots.simple import POLICIES
from games.engine import Event
from games.engine import GameState
from games.engine import MatchStarted
from games.engine import StartRound
from games.engine import commitment
from games.engine import deal_round
from games.engine import step
from games.engine.commands import SeatCommand
from games.engine.ruleset import Ruleset
from games.engine.state import DEALING
from games.engine.state import FINISHED
from games.engine.state import initial_state


class Strategy(Protocol):
    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> SeatCommand: ...


class PolicyStrategy:
    """A simple ``policy(moves, rng)`` as a strategy: it sees only the legal moves."""

    def __init__(
        self, name: str, policy: Callable[[Sequence[SeatCommand], random.Random], SeatCommand]
    ) -> None:
        self.name = name
        self.policy = policy

    def choose(self, knowledge: SeatKnowledge, rng: random.Random) -> SeatCommand:
        return self.policy(knowledge.legal_moves, rng)


STRATEGIES: dict[str, Callable[..., Strategy]] = {
    "random": lambda **_: PolicyStrategy("random", POLICIES["random"]),
    "greedy": lambda **_: PolicyStrategy("greedy", POLICIES["greedy"]),
    "smart": lambda **_: SmartStrategy(),
    "mc": lambda **opts: MonteCarloStrategy(**opts),
    "strong": lambda **opts: MonteCarloStrategy(**opts),
}


def make_strategy(name: str, **options: Any) -> Strategy:
    """Return a new strategy by registry name (options go to the mc bot)."""
    try:
        factory = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r}; known: {', '.join(STRATEGIES)}") from None
    return factory(**options)


def play_match(
    seed: bytes,
    ruleset: Ruleset,
    strategies: Sequence[Strategy],
    rng: random.Random | None = None,
    on_decision: Callable[[int, SeatKnowledge, SeatCommand, float], None] | None = None,
    log: list[Event] | None = None,
) -> GameState:
    """Play a whole match, seat i played by ``strategies[i]``; return the final state.

    Each strategy sees only ``seat_knowledge(state, seat)``. ``on_decision(seat, knowledge,
    command, seconds)`` is called after every decision (for benchmarks and checks). ``log``, if
    given, receives the match's events (MatchStarted first: what ``replay`` and the analysis
    take).
    """
    seats = len(strategies)
    rng = rng or random.Random(seed)
    start = MatchStarted(ruleset, seats, commitment(seed))
    state = initial_state(start)
    if log is not None:
        log.append(start)
    while state.phase != FINISHED:
        if state.phase == DEALING:
            hands, boneyard = deal_round(
                seed, state.round + 1, ruleset.set_max, seats, ruleset.hand_size
            )
            done = step(state, StartRound(hands, boneyard))
            if log is not None:
                log.extend(done)
            continue
        seat = state.to_move
        k = seat_knowledge(state, seat)
        t0 = time.perf_counter()
        command = strategies[seat].choose(k, rng)
        elapsed = time.perf_counter() - t0
        if on_decision is not None:
            on_decision(seat, k, command, elapsed)
        done = step(state, command)
        if log is not None:
            log.extend(done)
    return state
