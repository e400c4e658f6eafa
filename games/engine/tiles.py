"""Tiles and double-N sets (RULES R2)."""

from __future__ import annotations

Tile = tuple[int, int]
"""A tile as ``(high, low)`` with ``high >= low`` (the record's ``[high, low]``)."""

MAX_SET = 18

# One shared tuple per tile: comparisons and hashing stay cheap, and a tile's
# canonical index (a(a+1)/2 + b) does not depend on the set it belongs to.
_TILES: tuple[Tile, ...] = tuple((a, b) for a in range(MAX_SET + 1) for b in range(a + 1))

SHOWING: tuple[frozenset[Tile], ...] = tuple(
    frozenset(t for t in _TILES if n in t) for n in range(MAX_SET + 1)
)
"""SHOWING[n]: every tile (of the largest set) that shows the number n."""


def tile(a: int, b: int) -> Tile:
    """Return the canonical tile showing ``a`` and ``b``."""
    if a < b:
        a, b = b, a
    return _TILES[a * (a + 1) // 2 + b]


def full_set(set_max: int) -> tuple[Tile, ...]:
    """Return every tile of a double-``set_max`` set in canonical order (spec §deal, step 2)."""
    return _TILES[: (set_max + 1) * (set_max + 2) // 2]


def set_size(set_max: int) -> int:
    """Return the number of tiles of a double-``set_max`` set: (N+1)(N+2)/2 (R2)."""
    return (set_max + 1) * (set_max + 2) // 2


def is_double(t: Tile) -> bool:
    return t[0] == t[1]


def fmt(t: Tile) -> str:
    return f"[{t[0]},{t[1]}]"


def parse_tile(value: object, set_max: int = MAX_SET) -> Tile:
    """Return the tile a JSON value ``[a, b]`` names, or raise ``ValueError``."""
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    ):
        raise ValueError(f"a tile is a pair of numbers [high, low], got {value!r}")
    a, b = value
    if not (0 <= a <= set_max and 0 <= b <= set_max):
        raise ValueError(f"tile {list(value)} is not in a double-{set_max} set")
    return tile(a, b)
