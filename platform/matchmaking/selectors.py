"""Read-only queries of quick pairing: the grid's counts, a player's own ticket, the tables
whose ready window has closed."""

from __future__ import annotations

from typing import Any

from django.db.models import Count
from django.db.models import Exists
from django.db.models import OuterRef
from django.db.models import Q

from core import clock
from games.models import GameStatus
from games.models import Seat
from matchmaking import pairing
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from matchmaking.pools import POOLS

UNFINISHED = (GameStatus.OPEN, GameStatus.ACTIVE)


def pools_grid() -> dict[str, Any]:
    """Return every pool with how many wait in it, rated and casual (counts only), and the
    time they were counted: ``{"pools": [...], "at"}``."""
    counts = {
        (row["pool"], row["rated"]): row["n"]
        for row in Ticket.objects.values("pool", "rated").annotate(n=Count("pk"))
    }
    return {
        "pools": [
            {
                "key": pool.key,
                "seats": pool.seats,
                "kind": pool.kind,
                "time_control": pool.time_control,
                "waiting": {
                    "rated": counts.get((pool.key, True), 0),
                    "casual": counts.get((pool.key, False), 0),
                },
            }
            for pool in POOLS.values()
        ],
        "at": clock.now(),
    }


def queues_waiting() -> list[tuple[str, bool]]:
    """Return the (pool, rated) queues with at least one ticket."""
    return sorted(set(Ticket.objects.values_list("pool", "rated")))


def live_seats_unfinished():
    """The seats still played (not resigned nor forfeited) at live games that are being played
    or start by themselves (a platform table in its ready window: quick pairing's, a
    tournament's, an arena's); a lobby table still filling is its players' own business."""
    return Seat.objects.filter(
        resigned_at__isnull=True,
        forfeited_at__isnull=True,
        game__time_control__kind="live",
    ).filter(
        Q(game__status=GameStatus.ACTIVE)
        | Q(game__status=GameStatus.OPEN, game__ready_deadline__isnull=False)
    )


def live_seat_unfinished(user) -> Seat | None:
    """Return ``user``'s seat at such a live game (``live_seats_unfinished``), or None."""
    return live_seats_unfinished().filter(user=user).order_by("-game__created_at").first()


def quick_seat_unfinished(user) -> Seat | None:
    """Return ``user``'s seat at the newest unfinished quick-pairing game they still play (not
    resigned nor forfeited), live or correspondence; None if there is none."""
    seats = Seat.objects.filter(
        user=user,
        resigned_at__isnull=True,
        forfeited_at__isnull=True,
        game__quick_table__isnull=False,
        game__status__in=UNFINISHED,
    )
    return seats.select_related("game").order_by("-game__created_at").first()


def pool_ticket_of(user) -> dict[str, Any]:
    """Return the caller's state in quick pairing: waiting (where, since when), seated (at an
    unfinished quick game), or none."""
    out: dict[str, Any] = {
        "status": "none",
        "pool": None,
        "rated": None,
        "bots_after": None,
        "joined_at": None,
        "waited_seconds": None,
        "game": None,
    }
    if user is None or not user.is_authenticated:
        return out
    ticket = Ticket.objects.filter(user=user).first()
    if ticket is not None:
        waited = pairing.waited(_pure(ticket), clock.now())
        out.update(
            status="waiting",
            pool=ticket.pool,
            rated=ticket.rated,
            bots_after=ticket.bots_after,
            joined_at=ticket.joined_at,
            waited_seconds=round(waited, 1),
        )
        return out
    seat = quick_seat_unfinished(user)
    if seat is not None:
        table = QuickTable.objects.get(game_id=seat.game_id)
        # The game's own rating: a table bots filled is casual whatever the queue.
        out.update(status="seated", pool=table.pool, rated=seat.game.rated, game=str(seat.game_id))
    return out


def _pure(ticket: Ticket) -> pairing.Ticket:
    return pairing.Ticket(ticket.user_id, ticket.rating, ticket.joined_at, ticket.bots_after)


def quick_tables_ready_due(now=None) -> list[str]:
    """Return the ids of quick games still in their ready window that may start now: the
    window's deadline passed, or (correspondence) every person seated has opened the table."""
    now = now or clock.now()
    waiting = QuickTable.objects.filter(game__status=GameStatus.OPEN, game__version=0)
    unopened = Seat.objects.filter(
        game_id=OuterRef("game_id"), user__is_bot=False, opened_at__isnull=True
    )
    due = waiting.filter(
        Q(game__ready_deadline__lte=now) | (Q(kind="correspondence") & ~Exists(unopened))
    )
    return [str(g) for g in due.values_list("game_id", flat=True)]
