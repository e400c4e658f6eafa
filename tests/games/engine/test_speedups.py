"""The engine's compiled part (games/engine/_speedups.c) gives exactly what its Python reference
(``rules._py_plays``) gives, refuses what is not the engine's own state, holds no reference it
should not, and ``legal_moves`` offers the same moves through either."""

from __future__ import annotations

import gc
import os
import random
import sys

import pytest

from games.engine import Ruleset
from games.engine import StartRound
from games.engine import events as ev
from games.engine import legal_moves
from games.engine import rules
from games.engine import step
from games.engine.deal import deal_round
from games.engine.rules import _PLAY_ROWS
from games.engine.rules import _TARGETS
from games.engine.rules import _py_open_plays
from games.engine.rules import _py_plays
from games.engine.state import DEALING
from games.engine.state import FINISHED
from games.engine.state import PLAYING
from games.engine.state import initial_state
from games.engine.tiles import MAX_SET
from games.engine.tiles import tile

try:
    from games.engine import _speedups
except ImportError:
    _speedups = None

compiled = rules._compiled_plays
compiled_open = rules._compiled_open_plays
needs_compiled = pytest.mark.skipif(compiled is None, reason="built without a C compiler")


def test_ci_builds_the_compiled_part():
    """setup.py marks the extension optional, so a failed build would not stop an install; on CI
    (a machine with gcc and the Python headers, as the Dockerfile's build stage) it must be
    there, or every figure of the engine's speed is the Python reference's."""
    if not os.environ.get("CI"):
        pytest.skip("outside CI the engine may run its Python reference")
    assert rules.COMPILED, "games.engine._speedups was not built (see setup.py)"


@needs_compiled
def test_the_compiled_part_knows_the_largest_set():
    assert _speedups.MAX_SET == MAX_SET


def positions(seats: int, seed: int, **variant):
    """Yield (state, seat) at every move of a random match: the positions the engine meets."""
    rs = Ruleset.for_players(seats, rounds=3, **variant)
    rng = random.Random(seed)
    deal_seed = seed.to_bytes(32, "big")
    state = initial_state(ev.MatchStarted(rs, seats, "0" * 64))
    while state.phase != FINISHED:
        if state.phase == DEALING:
            hands, boneyard = deal_round(
                deal_seed, state.round + 1, rs.set_max, seats, rs.hand_size
            )
            step(state, StartRound(hands, boneyard))
            continue
        yield state, state.to_move
        step(state, rng.choice(legal_moves(state, state.to_move)))


TABLES = [
    (2, {}),
    (4, {}),
    (5, {"max_doubles_per_turn": 1, "first_turn": "draw"}),
    (8, {}),
    (14, {}),
]


@needs_compiled
@pytest.mark.parametrize(("seats", "variant"), TABLES)
def test_the_compiled_plays_are_the_references_at_every_position(seats, variant):
    checked = 0
    for n in range(6):
        for state, seat in positions(seats, 1000 * seats + n, **variant):
            if state.phase != PLAYING:
                continue
            rows = _PLAY_ROWS[seats][seat]
            hand, ends = state.hands[seat], state.ends
            every = tuple(range(seats + 1))
            asked = {every, (seat, seats), _TARGETS[seats][seat][tuple(state.markers)]}
            asked.update((ti,) for ti in range(seats + 1))
            for targets in asked:
                got = compiled(hand, ends, targets, rows)
                want = _py_plays(hand, ends, targets, rows)
                assert got == want, (sorted(hand), ends, targets)
                # The very commands the rows hold, not equal copies.
                assert all(g is w for g, w in zip(got, want, strict=True))
                checked += 1
            markers = state.markers
            got = compiled_open(hand, ends, markers, seat, rows)
            assert got == _py_open_plays(hand, ends, markers, seat, rows), (sorted(hand), ends)
            assert got == compiled(hand, ends, _TARGETS[seats][seat][tuple(markers)], rows)
    assert checked > 500


@needs_compiled
def test_a_tile_on_several_trains_is_offered_on_each_in_train_order():
    rows = _PLAY_ROWS[4][1]
    hand = {tile(5, 3), tile(9, 9), tile(3, 3), tile(12, 0)}
    ends = [3, 5, 9, 3, 3]  # a 4-seat table: trains 0..3 and the Mexican Train (index 4)
    got = compiled(hand, ends, (4, 0, 1, 3), rows)  # targets in any order: sorted by train
    assert [(c.tile, c.train) for c in got] == [
        ((3, 3), 0),
        ((3, 3), 3),
        ((3, 3), "mexican"),
        ((5, 3), 0),
        ((5, 3), 1),
        ((5, 3), 3),
        ((5, 3), "mexican"),
    ]
    assert got == _py_plays(hand, ends, (0, 1, 3, 4), rows)
    assert compiled(set(), ends, (0, 1), rows) == []
    assert compiled(hand, ends, (), rows) == []


@needs_compiled
@pytest.mark.parametrize(
    "args",
    [
        ({(3, 2), "x"}, [3, 3, 3], (0,)),  # a hand holding something else than a tile
        ({(3, 2), (3,)}, [3, 3, 3], (0,)),  # a tuple of another length
        ({(3, 2), (3.0, 1)}, [3, 3, 3], (0,)),  # a number that is not an int
        ({(3, 2), (1 << 80, 1)}, [3, 3, 3], (0,)),  # an int beyond a C long
        (frozenset({(3, 2)}) | {"x"}, [3, 3, 3], (0,)),
        ([(3, 2)], [3, 3, 3], (0,)),  # a list, not a set
        ({(3, 2)}, (3, 3, 3), (0,)),  # ends in a tuple
        ({(3, 2)}, [3, "3", 3], (1,)),  # an end that is not an int
        ({(3, 2)}, [3, -1, 3], (1,)),  # an end before the deal (SHOWING[-1] would wrap)
        ({(3, 2)}, [3, 19, 3], (1,)),  # an end beyond the largest set
        ({(3, 2)}, [3, 3, 3], [0]),  # targets in a list
        ({(3, 2)}, [3, 3, 3], (5,)),  # a train beyond the ends
        ({(3, 2)}, [3, 3, 3], (-1,)),
        ({(3, 2)}, [3, 3, 3], (True,)),  # a bool is not a train index
        ({(3, 2)}, [3, 3, 3], tuple(range(65))),  # more trains than it holds room for
    ],
)
def test_input_that_is_not_the_engines_state_is_refused_with_none(args):
    rows = _PLAY_ROWS[2][0]
    assert compiled(*args, rows) is None


@needs_compiled
@pytest.mark.parametrize(
    "args",
    [
        ({(3, 2), "x"}, [3, 3, 3], [False, False], 0),
        ({(3, 2)}, [3, 3, 3], (False, False), 0),  # markers in a tuple
        ({(3, 2)}, [3, 3, 3], [False, 1], 0),  # a marker that is not a bool
        ({(3, 2)}, [3, 3, 3], [False, None], 0),
        ({(3, 2)}, [3, 3, 3], [False, False], 2),  # no such seat
        ({(3, 2)}, [3, 3, 3], [False, False], -1),
        ({(3, 2)}, [3, 3, 3], [False, False], True),
        ({(3, 2)}, [3, 3, 3], [False, False, False], 0),  # more trains than ends
        ({(3, 2)}, [3] * 70, [False] * 69, 0),  # more trains than it holds room for
    ],
)
def test_open_plays_refuses_what_is_not_the_engines_state_with_none(args):
    assert compiled_open(*args, _PLAY_ROWS[2][0]) is None


@needs_compiled
def test_open_plays_names_the_trains_open_to_the_seat():
    rows = _PLAY_ROWS[4][1]
    hand = {tile(5, 3), tile(3, 3)}
    ends = [3, 5, 9, 3, 3]
    # Seat 1: its own train (end 5), train 3 (marked, end 3), the Mexican Train (end 3);
    # train 0 shows 3 too but has no marker.
    got = compiled_open(hand, ends, [False, False, False, True], 1, rows)
    assert [(c.tile, c.train) for c in got] == [
        ((3, 3), 3),
        ((3, 3), "mexican"),
        ((5, 3), 1),
        ((5, 3), 3),
        ((5, 3), "mexican"),
    ]
    assert compiled_open(hand, ends, [False] * 4, 1, rows) == [
        rows[4][tile(3, 3)],
        rows[1][tile(5, 3)],
        rows[4][tile(5, 3)],
    ]


@needs_compiled
def test_a_row_that_fails_raises_and_a_bad_call_is_a_type_error():
    class Broken(dict):
        def __missing__(self, key):
            raise KeyError(f"no command for {key}")

    with pytest.raises(KeyError, match="no command"):
        compiled({(3, 2)}, [3, 3, 3], (0,), (Broken(),))
    with pytest.raises(TypeError):
        compiled({(3, 2)}, [3, 3, 3])
    with pytest.raises(TypeError):
        compiled_open({(3, 2)}, [3, 3, 3], [False, False], 0)


@needs_compiled
def test_no_reference_is_kept_or_lost():
    """The C code counts references by hand: after many calls, on every path (found, sorted,
    grown past its stack buffer, refused, failed), each object is held as often as before."""
    rows = _PLAY_ROWS[14][0]
    hand = {tile(a, b) for a in range(13) for b in range(a + 1)}  # 91 tiles: the buffer grows
    ends = [3] * 15
    targets = tuple(range(15))
    odd = (3, 7)  # equal to the canonical tile, a different object
    # This test's own objects: nothing else may hold them, so their counts must be exact.
    watched = [hand, ends, targets]
    # The canonical tiles and the play rows are the process's: another thread (a bot's move, a
    # task of the embedded runner left from an earlier test) or the collection of an earlier
    # test's cycles may take or drop a reference of its own while these calls run (the README's
    # `make test` saw one fewer, once). A reference kept or lost per call would be 300.
    shared = [tile(3, 3), tile(7, 3), rows[3]]
    repeats = 300

    def calls():
        got = compiled(hand, ends, targets, rows)
        assert len(got) == 13 * 15
        del got
        assert compiled({tile(7, 3), "x"}, ends, targets, rows) is None
        assert compiled({odd, tile(9, 9)}, ends, (0,), rows) is None
        with pytest.raises(KeyError):
            compiled({tile(7, 3)}, ends, (0,), ({},))
        assert len(compiled_open(hand, ends, [True] * 14, 0, rows)) == 13 * 15
        assert compiled_open(hand, ends, [True] * 13 + [1], 0, rows) is None

    calls()  # the rows make (and keep) their commands the first time
    gc.collect()
    before = [sys.getrefcount(o) for o in watched]
    shared_before = [sys.getrefcount(o) for o in shared]
    odd_before = sys.getrefcount(odd)
    for _ in range(repeats):
        calls()
    gc.collect()
    assert [sys.getrefcount(o) for o in watched] == before
    assert sys.getrefcount(odd) == odd_before
    drift = [sys.getrefcount(o) - n for o, n in zip(shared, shared_before, strict=True)]
    assert all(abs(d) < repeats // 10 for d in drift), drift


def refused(*args):
    return None  # the compiled part's answer to input that is not the engine's own state


@pytest.mark.parametrize(("seats", "variant"), TABLES[:3])
def test_legal_moves_are_the_same_through_the_python_reference(seats, variant, monkeypatch):
    """Where the extension was not built, ``legal_moves`` takes ``_py_plays``: the same moves."""
    seen = []
    for state, seat in positions(seats, 7 * seats, **variant):
        seen.append((state.copy(), seat, legal_moves(state, seat)))
    # As built without the compiled part: the references themselves.
    monkeypatch.setattr(rules, "_plays", rules._py_plays)
    monkeypatch.setattr(rules, "_open_plays", rules._py_open_plays)
    for state, seat, moves in seen:
        assert legal_moves(state, seat) == moves
    # As with it, on input it refuses (None): legal_moves then asks the references.
    monkeypatch.setattr(rules, "_plays", refused)
    monkeypatch.setattr(rules, "_open_plays", refused)
    for state, seat, moves in seen:
        assert legal_moves(state, seat) == moves
    assert len(seen) > 100
