"""A strategy's knowledge holds what its seat may know and nothing else (RULES R4)."""

from __future__ import annotations

import random

import pytest

from games.bots.knowledge import SeatKnowledge
from games.bots.knowledge import sample_world
from games.bots.knowledge import seat_knowledge
from games.engine import MatchStarted
from games.engine import Ruleset
from games.engine import StartRound
from games.engine import commitment
from games.engine import deal_round
from games.engine import legal_moves
from games.engine import step
from games.engine.state import DEALING
from games.engine.state import FINISHED
from games.engine.state import PLAYING
from games.engine.state import initial_state
from games.engine.tiles import full_set
from games.engine.views import hidden_tiles


def _states(seats: int, seed: int, **variants):
    """Yield states of a random seeded match (random moves), a few per round."""
    rs = Ruleset.for_players(seats, rounds=2, **variants)
    sd = seed.to_bytes(32, "big")
    rng = random.Random(seed)
    s = initial_state(MatchStarted(rs, seats, commitment(sd)))
    while s.phase != FINISHED:
        if s.phase == DEALING:
            step(s, StartRound(*deal_round(sd, s.round + 1, rs.set_max, seats, rs.hand_size)))
            continue
        if rng.random() < 0.15:
            yield s.copy()
        moves = legal_moves(s, s.to_move)
        step(s, rng.choice(moves))


def _permute_hidden(s, seat: int, rng: random.Random):
    """Return a copy of ``s`` with the hidden tiles (other hands, undrawn boneyard) shuffled among
    the other hands and the boneyard, every count kept."""
    t = s.copy()
    hidden = [x for i, h in enumerate(s.hands) if i != seat for x in sorted(h)]
    hidden += list(s.boneyard[s.bpos :])
    rng.shuffle(hidden)
    pos = 0
    for i, h in enumerate(s.hands):
        if i != seat:
            t.hands[i] = set(hidden[pos : pos + len(h)])
            pos += len(h)
    t.boneyard = s.boneyard[: s.bpos] + tuple(hidden[pos:])
    if s.drawn is not None and s.to_move != seat:
        t.drawn = sorted(t.hands[s.to_move])[0]  # whatever the other seat drew is hidden too
    return t


# Fields that are vectors of numbers, not tiles (a score pair like (6, 2) is no tile).
NUMBERS = {"ends", "markers", "open_doubles", "laid_count", "hand_counts", "turn_doubles"}
NUMBERS |= {"round_history"}


def _values(obj):
    """Yield every leaf value and tuple inside ``obj`` (recursively)."""
    if isinstance(obj, SeatKnowledge):
        for name in SeatKnowledge.__slots__:
            if name not in NUMBERS:
                yield from _values(getattr(obj, name))
    elif isinstance(obj, (tuple, list, set, frozenset)):
        yield obj
        for x in obj:
            yield from _values(x)
    else:
        yield obj


def _is_tile(v) -> bool:
    return (
        isinstance(v, tuple) and len(v) == 2 and all(type(x) is int for x in v)
    )  # not (False, False), which equals (0, 0)


CASES = [
    (2, {}),
    (3, {"first_turn": "draw"}),
    (4, {"max_doubles_per_turn": 1}),
    (5, {"scoring": "positive"}),
    (6, {"hand_table": "double12"}),
    (8, {"double_blank_points": 0}),
]


@pytest.mark.parametrize(("seats", "variants"), CASES)
def test_knowledge_is_the_same_whatever_the_hidden_tiles(seats, variants):
    rng = random.Random(seats)
    checked = 0
    for s in _states(seats, 100 + seats, **variants):
        for seat in range(seats):
            k = seat_knowledge(s, seat)
            for _ in range(2):
                other = _permute_hidden(s, seat, rng)
                assert seat_knowledge(other, seat) == k
                checked += other != s
    assert checked > 20  # states that really differ in their hidden tiles


@pytest.mark.parametrize(("seats", "variants"), CASES)
def test_knowledge_contains_no_hidden_tile(seats, variants):
    for s in _states(seats, 200 + seats, **variants):
        for seat in range(seats):
            hidden = hidden_tiles(s, seat)
            k = seat_knowledge(s, seat)
            leaked = [v for v in _values(k) if _is_tile(v) and v in hidden]
            assert not leaked
            assert k.hand == frozenset(s.hands[seat])
            assert k.boneyard_count == s.boneyard_left
            assert not hasattr(k, "hands")
            assert not hasattr(k, "boneyard")


@pytest.mark.parametrize(("seats", "variants"), CASES)
def test_a_sampled_world_is_indistinguishable_to_the_seat(seats, variants):
    rng = random.Random(seats)
    for s in _states(seats, 300 + seats, **variants):
        if s.phase != PLAYING:
            continue
        seat = s.to_move
        k = seat_knowledge(s, seat)
        w = sample_world(k, rng)
        assert seat_knowledge(w, seat) == k
        assert sorted(w.tiles_in_play()) == sorted(full_set(s.ruleset.set_max))
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert legal_moves(w, seat) == list(k.legal_moves)
