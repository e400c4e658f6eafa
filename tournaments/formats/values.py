"""Value types shared by the formats: players, tables, table results."""

from __future__ import annotations

from collections.abc import Hashable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal
from typing import TypeAlias

PlayerId: TypeAlias = Hashable
"""An opaque player id (an int or a str): compared for equality only, never ordered."""

Table: TypeAlias = tuple[PlayerId, ...]
"""One table's players in seat order: seat 0 first, then clockwise (R1)."""

Seating: TypeAlias = tuple[Table, ...]
"""One tournament round's tables, table 1 (the top table) first."""

Scoring: TypeAlias = Literal["penalty", "positive"]
"""The ruleset's scoring (V4): "penalty" (R22/R23, lowest total wins) or "positive"."""

SCORINGS: tuple[Scoring, ...] = ("penalty", "positive")


class FormatError(ValueError):
    """Input a format cannot seat or rank (too few players, a bad table size, …)."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished match: who sat there and what they scored each round (R22; V4).

    A player who forfeited or withdrew (R24, R25) ranks last at the table whatever the seat
    scored afterwards; ``round_scores`` keeps the seat's history as the game recorded it.
    """

    player: PlayerId
    round_scores: tuple[int, ...]
    forfeited: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "round_scores", tuple(self.round_scores))

    @property
    def total(self) -> int:
        """Return the match total (R23; V4)."""
        return sum(self.round_scores)


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished match at one table: its seats in seat order.

    ``deal_group`` is set for duplicate rounds only: tables with equal ``deal_group`` (any
    hashable; the group's deal seed is a natural choice) played the same deal, seat for seat.
    """

    seats: tuple[SeatResult, ...]
    deal_group: Hashable | None = None

    def __post_init__(self) -> None:
        seats = tuple(self.seats)
        object.__setattr__(self, "seats", seats)
        if len(seats) < 2:
            raise FormatError("a table result needs at least 2 seats (R1)")
        if len({s.player for s in seats}) != len(seats):
            raise FormatError("a player appears twice at one table")
        played = {len(s.round_scores) for s in seats if not s.forfeited}
        if len(played) > 1:
            raise FormatError("the seats that did not forfeit played different numbers of rounds")

    @property
    def players(self) -> Table:
        """Return the players in seat order."""
        return tuple(s.player for s in self.seats)


def check_scoring(scoring: str) -> None:
    """Refuse a scoring that V4 does not name."""
    if scoring not in SCORINGS:
        raise FormatError(f"scoring must be one of {', '.join(SCORINGS)} (V4)")


def check_unique(players: Iterable[PlayerId], what: str = "players") -> tuple[PlayerId, ...]:
    """Return ``players`` as a tuple, refusing duplicates."""
    out = tuple(players)
    if len(set(out)) != len(out):
        raise FormatError(f"{what} lists a player more than once")
    return out
