"""A single table for small fields: everyone at one table, every round."""

from __future__ import annotations

from collections.abc import Sequence

from .tables import check_table_size
from .values import FormatError
from .values import PlayerId
from .values import Seating
from .values import check_unique


def seat_single_table(players: Sequence[PlayerId], table_size: int, round_number: int) -> Seating:
    """Seat the whole field at one table, the seats rotating one place each round.

    Round 1 seats ``players`` in the order given (registration order or a seeded draw); round r
    moves everyone r - 1 seats on, so seat 0 (R7's first drawer) goes round the table.
    """
    check_table_size(table_size)
    seated = check_unique(players)
    if not 2 <= len(seated) <= table_size:
        raise FormatError(f"a single table seats 2 to {table_size} players, not {len(seated)}")
    if not isinstance(round_number, int) or round_number < 1:
        raise FormatError("round numbers start at 1")
    k = (round_number - 1) % len(seated)
    return (seated[k:] + seated[:k],)
