"""Whole matches played by simple policies, for tests, benchmarks and the command line."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.bots.simple import POLICIES

from . import events as ev
from .commands import StartRound
from .deal import commitment, deal_round
from .rules import legal_moves, step
from .ruleset import Ruleset
from .state import DEALING, FINISHED, initial_state


def simulate_match(
    seed: bytes,
    ruleset: Ruleset,
    seats: int,
    policy: str | Callable = "random",
    rng: random.Random | None = None,
    seed_commitment: str | None = None,
) -> list[ev.Event]:
    """Play a whole match with the deals the seed gives; return its events.

    ``seed_commitment`` is what MatchStarted commits to: by default the seed's own (version 1);
    a version 2 match passes its server seed's commitment.
    """
    choose = POLICIES[policy] if isinstance(policy, str) else policy
    rng = rng or random.Random(seed)
    start = ev.MatchStarted(ruleset, seats, seed_commitment or commitment(seed))
    state = initial_state(start)
    log: list[ev.Event] = [start]
    while state.phase != FINISHED:
        if state.phase == DEALING:
            hands, boneyard = deal_round(
                seed, state.round + 1, ruleset.set_max, seats, ruleset.hand_size
            )
            log.extend(step(state, StartRound(hands, boneyard)))
            continue
        moves = legal_moves(state, state.to_move)
        log.extend(step(state, choose(moves, rng)))
    return log
