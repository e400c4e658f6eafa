"""Start the heaviest tests first, each on a process of its own (pytest-xdist's worksteal).

worksteal hands each of the N processes one contiguous share of the collection at the start,
then lets an idle process steal the later half of the longest queue. Tests that run a minute
or more (marked ``heavy``) sat wherever the alphabet put them: five of them in tests/hardening
fell in one process's share, ahead of the part the others may steal, and ran one after
another while the others had finished (the long lane's tail). Here every share begins with
its own heavy tests, dealt out longest first to the share with the least heavy work (so no two
of the longest share a process), and none starts late.

Every process collects the same order (the deal depends only on the collection and N), as
pytest-xdist requires. Without xdist nothing changes.
"""

from __future__ import annotations

import os

import pytest


def shares(count: int, workers: int) -> list[int]:
    """The sizes worksteal gives the processes at the start: each takes an even part of what
    is left (``len(pending) // processes left``)."""
    sizes = []
    for i in range(workers):
        size = count // (workers - i)
        sizes.append(size)
        count -= size
    return sizes


def deal(items: list, weights: list[float | None], workers: int) -> list:
    """``items`` reordered: the heavy ones (a weight, not None) dealt to the shares longest
    first, each to the share with the least heavy work so far; each share begins with its
    heavy items, longest first, then light ones in their order. The shares keep their sizes."""
    heavies = sorted(
        ((it, w) for it, w in zip(items, weights, strict=True) if w is not None),
        key=lambda pair: -pair[1],
    )
    if workers < 2 or not heavies:
        return items
    sizes = shares(len(items), workers)
    dealt: list[list] = [[] for _ in sizes]
    load = [0.0] * workers
    for it, w in heavies:
        open_shares = [k for k in range(workers) if len(dealt[k]) < sizes[k]]
        k = min(open_shares, key=lambda k: load[k])
        dealt[k].append(it)
        load[k] += w
    light = iter(it for it, w in zip(items, weights, strict=True) if w is None)
    out: list = []
    for k, size in enumerate(sizes):
        out += dealt[k] + [next(light) for _ in range(size - len(dealt[k]))]
    return out


def weight(item) -> float | None:
    """A heavy test's seconds (``@pytest.mark.heavy(seconds)``, measured on a loaded machine;
    60 if not given); None for the others."""
    mark = item.get_closest_marker("heavy")
    if mark is None:
        return None
    return float(mark.args[0]) if mark.args else 60.0


class HeavyFirst:
    @pytest.hookimpl(trylast=True)  # after -m and -k have deselected
    def pytest_collection_modifyitems(self, config, items):
        workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
        items[:] = deal(list(items), [weight(item) for item in items], workers)
