"""The order the lanes hand pytest-xdist (tests/support/heavy_first.py)."""

from tests.support.heavy_first import deal
from tests.support.heavy_first import shares


def test_the_shares_are_worksteals():
    assert shares(242, 3) == [80, 81, 81]  # each an even part of what is left
    assert shares(5, 2) == [2, 3]


def test_each_share_begins_with_its_heavy_tests_longest_first_and_keeps_its_size():
    items = [f"t{i}" for i in range(12)]
    weights = [None] * 12
    for i, w in {1: 240, 4: 215, 6: 155, 7: 100, 9: 60, 11: 60}.items():
        weights[i] = w
    out = deal(items, weights, 3)
    assert sorted(out) == sorted(items)  # the same tests, each once
    first, second, third = out[:4], out[4:8], out[8:]
    assert [first[0], second[0], third[0]] == ["t1", "t4", "t6"]  # the three longest apart
    # Then each to the share with the least heavy work: 100 to the third (155), 60 to the
    # second (215), the last 60 to the first (240 against 275 and 255).
    assert third[:2] == ["t6", "t7"]
    assert second[:2] == ["t4", "t9"]
    assert first[:2] == ["t1", "t11"]
    light = [t for t in out if weights[items.index(t)] is None]
    assert light == [t for t, w in zip(items, weights, strict=True) if w is None]  # in order


def test_one_process_or_none_heavy_keeps_the_order():
    items = ["a", "b", "c"]
    assert deal(items, [None, 5, None], 1) == items
    assert deal(items, [None, None, None], 3) == items
