"""A move's body, checked the same by the REST move and the socket's ``move`` command
(``games.moves``), without leaving reference cycles behind.

DRF deep-copies a serializer's declared fields into every new instance, and each copy points
back to its parent: about 75 objects in reference cycles for each move, which only the
interpreter's cyclic collector frees. Under load those were almost all of what a web process's
young collections collected (about 14,000 objects in a collection, 38-47 ms each at 500 tables,
every socket of the process stopped meanwhile). The bodies are checked by one instance of each
serializer instead, with the same answers.
"""

from __future__ import annotations

import gc
from concurrent.futures import ThreadPoolExecutor

import pytest
from rest_framework.exceptions import ValidationError

from games.moves import MoreTimeInput
from games.moves import MoveInput
from games.moves import more_time_body
from games.moves import move_body

BODIES = [
    {"action": "draw"},
    {"action": "draw", "expected_seq": 7},
    {"action": "play", "tile": [6, 4], "train": 2, "expected_seq": 12},
    {"action": "play", "tile": [6, 4], "train": "mexican"},
    {"action": "engine", "tile": [6, 6]},
    {"action": "stop", "seat": 3},
    {"action": "pass", "expected_seq": 0},
    # refused, each for its own reason
    None,
    [],
    "draw",
    {},
    {"action": "fly"},
    {"action": "play", "tile": [6, 4]},
    {"action": "play", "train": 1},
    {"action": "play", "tile": [6, 19], "train": 1},
    {"action": "play", "tile": [6], "train": 1},
    {"action": "play", "tile": [6, 4, 2], "train": 1},
    {"action": "play", "tile": "6-4", "train": 1},
    {"action": "draw", "expected_seq": -1},
    {"action": "draw", "expected_seq": True},
    {"action": "draw", "seat": 2**40},
    {"action": "draw", "expected_seq": "x"},
]
MORE_TIME_BODIES = [
    {"seat": 1, "seconds": 30},
    {"seat": 1, "seconds": 30, "expected_seq": 5},
    None,
    {},
    {"seat": True, "seconds": 30},
    {"seat": 1, "seconds": "soon"},
    {"seat": 1, "seconds": 30, "expected_seq": -2},
]


def as_drf_checks_it(serializer_class, data):
    """What a new instance of the serializer says of ``data``: DRF's own answer."""
    serializer = serializer_class(data=data)
    try:
        serializer.is_valid(raise_exception=True)
    except ValidationError as exc:
        return "refused", exc.detail
    return "taken", dict(serializer.validated_data)


def as_checked(check, data):
    try:
        return "taken", check(data)
    except ValidationError as exc:
        return "refused", exc.detail


def move_answer(data):
    body, expected = move_body(data)
    return {**body, **({"expected_seq": expected} if expected is not None else {})}


@pytest.mark.parametrize("data", BODIES, ids=repr)
def test_a_move_body_gets_the_answer_a_new_serializer_gives(data):
    assert as_checked(move_answer, data) == as_drf_checks_it(MoveInput, data)


@pytest.mark.parametrize("data", MORE_TIME_BODIES, ids=repr)
def test_a_more_time_body_gets_the_answer_a_new_serializer_gives(data):
    assert as_checked(more_time_body, data) == as_drf_checks_it(MoreTimeInput, data)


def test_checking_a_move_leaves_no_reference_cycles_for_the_collector():
    move_body({"action": "draw"})  # whatever is made once, on first use
    gc.collect()
    gc.disable()  # only the collection below counts what the checks left
    try:
        for data in BODIES[:7]:
            move_body(data)
        more_time_body({"seat": 1, "seconds": 30})
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_threads_checking_moves_at_once_each_get_their_own_answer():
    expected = [as_drf_checks_it(MoveInput, data) for data in BODIES]

    def check_all(_):
        return [as_checked(move_answer, data) for data in BODIES for _ in range(20)]

    with ThreadPoolExecutor(8) as pool:
        for answers in pool.map(check_all, range(16)):
            assert answers == [e for e in expected for _ in range(20)]
