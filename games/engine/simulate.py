"""Whole matches played by a policy, for tests, benchmarks and the command line.

The policy is a function ``policy(moves, rng) -> command``; the engine names none of its own
(it imports no bot: ``games.bots.simple.POLICIES`` maps the command line's names to them).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Sequence

from . import events as ev
from .commands import PlayTile
from .commands import SeatCommand
from .commands import StartRound
from .deal import commitment
from .deal import deal_round
from .rules import _new
from .rules import _round_end_events
from .rules import legal_moves
from .rules import step
from .rules import step_legal
from .ruleset import Ruleset
from .state import DEALING
from .state import FINISHED
from .state import ROUND_OVER
from .state import _tile_played
from .state import initial_state


def simulate_match(
    seed: bytes,
    ruleset: Ruleset,
    seats: int,
    policy: Callable[[Sequence[SeatCommand], random.Random], SeatCommand],
    rng: random.Random | None = None,
    seed_commitment: str | None = None,
) -> list[ev.Event]:
    """Play a whole match with the deals the seed gives; return its events.

    ``policy(moves, rng)`` picks each move among the legal ones. ``seed_commitment`` is what
    MatchStarted commits to: by default the seed's own (version 1); a version 2 match passes
    its server seed's commitment.
    """
    rng = rng or random.Random(seed)
    start = ev.MatchStarted(ruleset, seats, seed_commitment or commitment(seed))
    state = initial_state(start)
    log: list[ev.Event] = [start]
    append, extend = log.append, log.extend
    while True:
        phase = state.phase
        if phase == DEALING:
            hands, boneyard = deal_round(
                seed, state.round + 1, ruleset.set_max, seats, ruleset.hand_size
            )
            extend(step(state, StartRound(hands, boneyard)))
            continue
        if phase == FINISHED:
            return log
        moves = legal_moves(state, state.to_move)
        command = policy(moves, rng)
        for move in moves:
            if move is command:
                # One of the moves just listed: legal by construction, no need to check again.
                if type(command) is PlayTile:
                    # step_legal's most common case, inlined: one call less per play.
                    event = _new(ev.TilePlayed, command)
                    _tile_played(state, event)
                    append(event)
                    if state.phase == ROUND_OVER:
                        extend(_round_end_events(state))
                else:
                    extend(step_legal(state, command))
                break
        else:
            extend(step(state, command))  # anything else is checked, and may be refused
