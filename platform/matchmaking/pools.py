"""The quick-pairing pools: one table of seats × time control, each with a stable key.

The key ("4p-60s", "3p-1d") names a pool in the API, the socket, the page and the stored
tickets; it never changes meaning (a new pool gets a new key). Each pool is offered rated and
casual: the player chooses per join, and rated tickets only meet rated ones
(docs/players/quick-pairing.md). Pure data: no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

LIVE = "live"
CORRESPONDENCE = "correspondence"


@dataclass(frozen=True)
class Pool:
    key: str
    seats: int
    time_control: dict[str, Any]
    # Per game: the ruleset's variants (games.services.VARIANT_KEYS); {} plays a full match.
    variants: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """live or correspondence: the rating a table of this pool is rated in."""
        return str(self.time_control["kind"])

    @property
    def live(self) -> bool:
        return self.kind == LIVE


def _live(seconds: int, reserve: int) -> dict[str, Any]:
    return {"kind": LIVE, "seconds_per_move": seconds, "reserve_seconds": reserve}


def _correspondence(days: int) -> dict[str, Any]:
    return {"kind": CORRESPONDENCE, "days_per_move": days, "vacation_days": 14}


# (suffix, time control): live seconds per move with a reserve of a few moves' worth, then
# correspondence days per move (Lichess offers 1 and 3 among its first choices).
_CLOCKS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("30s", _live(30, 120)),
    ("60s", _live(60, 300)),
    ("3m", _live(180, 600)),
    ("1d", _correspondence(1)),
    ("3d", _correspondence(3)),
)
SEAT_COUNTS = (3, 4)

POOLS: dict[str, Pool] = {
    f"{seats}p-{suffix}": Pool(f"{seats}p-{suffix}", seats, tc)
    for seats in SEAT_COUNTS
    for suffix, tc in _CLOCKS
}


def pool_get(key: str) -> Pool | None:
    """Return the pool named ``key``, or None."""
    return POOLS.get(key)


def pool_rows() -> list[dict[str, Any]]:
    """Return the grid's rows for a page: one per seat count, its pools in clock order, each
    with what its label needs (``seconds`` or ``days`` per move)."""
    rows = []
    for seats in SEAT_COUNTS:
        cells = []
        for pool in POOLS.values():
            if pool.seats != seats:
                continue
            tc = pool.time_control
            cells.append(
                {
                    "key": pool.key,
                    "kind": pool.kind,
                    "seconds": tc.get("seconds_per_move"),
                    "minutes": (tc.get("seconds_per_move") or 0) // 60,
                    "days": tc.get("days_per_move"),
                }
            )
        rows.append({"seats": seats, "pools": cells})
    return rows
