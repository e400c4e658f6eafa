"""Which tables to form from one pool's waiting tickets, now. Pure: no Django, no clock.

The rating window (docs/players/quick-pairing.md): a player who has waited ``t`` seconds
accepts anyone whose display rating is within

    W(t) = min(WINDOW_START + WINDOW_STEP * floor(t / WINDOW_EVERY), WINDOW_CAP)

of their own (±100, widening by 50 every 10 s, up to ±400), and anyone at all once ``t``
reaches ``MAX_WAIT`` (60 s). A table needs every member's rating inside every other member's
current window: for each pair, ``|r_i - r_j| <= min(W(t_i), W(t_j))``.

The order: tickets are taken oldest first (the oldest waiter anchors a table, and its other
seats go to the oldest players compatible with everyone already at it). First every full table
of people is formed; then every player whose "fill with bots after N seconds" has passed (N
chosen per join) is seated with the compatible players whose N has passed too, and bots in the
seats left. Such a table is casual (see ``Table.rated``): bots carry no rating to win or lose
against, and a rated pool's player who chose bots chose to stop waiting for people.

What this guarantees: once ``seats`` players of a pool have waited ``MAX_WAIT``, the oldest of
them are seated together at the next step (their windows are unlimited, and being the oldest
they come first); a player who chose bots after N seconds is seated at the first step after N.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

WINDOW_START = 100
WINDOW_STEP = 50
WINDOW_EVERY = 10  # seconds
WINDOW_CAP = 400
MAX_WAIT = 60  # seconds: from then on any rating is accepted


@dataclass(frozen=True)
class Ticket:
    user_id: int
    rating: int  # the display rating (ratings.skill.display) of the pool's kind, at the join
    joined_at: datetime
    bots_after: int | None = None  # seconds; None: wait for people only


@dataclass(frozen=True)
class Table:
    user_ids: tuple[int, ...]  # seat order: the oldest waiter first
    bots: int  # seats filled by platform bots

    @property
    def rated(self) -> bool:
        """A table a bot fills is casual, whatever the pool."""
        return self.bots == 0


def waited(ticket: Ticket, now: datetime) -> float:
    """Return the seconds ``ticket`` has waited at ``now`` (never negative)."""
    return max((now - ticket.joined_at).total_seconds(), 0.0)


def window(seconds: float) -> float:
    """Return the rating window (±) of a player who has waited ``seconds``; inf from
    ``MAX_WAIT`` on."""
    if seconds >= MAX_WAIT:
        return math.inf
    return float(min(WINDOW_START + WINDOW_STEP * int(seconds // WINDOW_EVERY), WINDOW_CAP))


def compatible(a: Ticket, b: Ticket, now: datetime) -> bool:
    """Tell whether each of ``a`` and ``b`` has the other's rating inside its window."""
    return abs(a.rating - b.rating) <= min(window(waited(a, now)), window(waited(b, now)))


def bots_due(ticket: Ticket, now: datetime) -> bool:
    """Tell whether ``ticket`` chose bots and has waited long enough for them."""
    return ticket.bots_after is not None and waited(ticket, now) >= ticket.bots_after


class _Queue:
    """The tickets in the order they are served (oldest first), and by rating, so that an
    anchor looks only at the players inside its own window (a necessary condition of any
    table with it): a quiet, spread-out pool of n players costs about n log n, not n²."""

    def __init__(self, order: list[Ticket]) -> None:
        self.order = order
        self.rank = {t.user_id: i for i, t in enumerate(order)}
        self.by_rating = sorted(order, key=lambda t: t.rating)
        self.ratings = [t.rating for t in self.by_rating]

    def near(self, anchor: Ticket, now: datetime) -> list[Ticket]:
        """The players inside ``anchor``'s window, oldest first."""
        reach = window(waited(anchor, now))
        if math.isinf(reach):
            return self.order
        lo = bisect.bisect_left(self.ratings, anchor.rating - reach)
        hi = bisect.bisect_right(self.ratings, anchor.rating + reach)
        return sorted(self.by_rating[lo:hi], key=lambda t: self.rank[t.user_id])


def _fill(
    anchor: Ticket,
    queue: _Queue,
    taken: set[int],
    seats: int,
    now: datetime,
    pick: Callable[[Ticket], bool],
) -> list[Ticket]:
    group = [anchor]
    for other in queue.near(anchor, now):
        if len(group) == seats:
            break
        if other.user_id in taken or other is anchor or not pick(other):
            continue
        if all(compatible(other, member, now) for member in group):
            group.append(other)
    return group


def pair(tickets: Iterable[Ticket], seats: int, now: datetime) -> list[Table]:
    """Return the tables to form now from one pool's waiting ``tickets`` (see the module);
    each user at most once (a repeated user id keeps its oldest ticket)."""
    if seats < 2:
        raise ValueError("a table has at least 2 seats")
    order: list[Ticket] = []
    seen: set[int] = set()
    for ticket in sorted(tickets, key=lambda t: (t.joined_at, t.user_id)):
        if ticket.user_id not in seen:
            seen.add(ticket.user_id)
            order.append(ticket)
    queue = _Queue(order)
    taken: set[int] = set()
    tables: list[Table] = []
    for anchor in order:  # full tables of people
        if anchor.user_id in taken:
            continue
        group = _fill(anchor, queue, taken, seats, now, lambda t: True)
        if len(group) == seats:
            taken.update(t.user_id for t in group)
            tables.append(Table(tuple(t.user_id for t in group), 0))
    for anchor in order:  # then the people who chose bots and waited long enough
        if anchor.user_id in taken or not bots_due(anchor, now):
            continue
        group = _fill(anchor, queue, taken, seats, now, lambda t: bots_due(t, now))
        taken.update(t.user_id for t in group)
        tables.append(Table(tuple(t.user_id for t in group), seats - len(group)))
    return tables
