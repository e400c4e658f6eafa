"""The daily digest of correspondence turns (issue 34): for players who chose it over one mail
per move (/settings: "turn_digest", the digest of "your_turn", games.notices), one mail a day
listing the correspondence games waiting for their move.

``turn_digests_send`` runs from beat every TURN_DIGEST_SECONDS (an hour). A player is due
from TURN_DIGEST_HOUR (08:00) in their own time zone (their profile's, UTC when unset) for
TURN_DIGEST_WINDOW_HOURS (4): the first run in that window that finds a game waiting for them
sends their digest; none is sent on a day nothing waits at those runs. Each digest is a
notification keyed by the player's local date (``digest:<date>``), so a run repeated, two beats
or a run at each hour of the window send one a day; the mail itself goes out through
notifications' mail task, retried and swept like every other (in the player's language, with
its one-click unsubscribe link).

A digest names tables, their hosts and deadlines: never a tile.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F

from core import clock
from games.clocks import zone
from games.models import GameStatus
from games.models import Seat
from notifications.models import EmailPreference
from notifications.services import notify

DIGEST = "turn_digest"


def digest_day(now: datetime, tz_name: str | None) -> str | None:
    """The local date (ISO) whose digest is due at ``now`` in zone ``tz_name``, or None outside
    the window (TURN_DIGEST_HOUR for TURN_DIGEST_WINDOW_HOURS, local wall-clock time)."""
    local = now.astimezone(zone(tz_name))
    since = local - timedelta(hours=settings.TURN_DIGEST_HOUR)  # a window past midnight too
    if since.hour >= settings.TURN_DIGEST_WINDOW_HOURS:
        return None
    return since.date().isoformat()


def waiting_games(user) -> list[dict[str, Any]]:
    """The correspondence games waiting for ``user``'s move, most urgent first, as a digest
    lists them: the table's name (or its host's), its page and the deadline (no tile)."""
    seats = (
        Seat.objects.filter(
            user=user,
            game__status=GameStatus.ACTIVE,
            game__time_control__kind="correspondence",
            game__to_move=F("index"),
            resigned_at__isnull=True,
            forfeited_at__isnull=True,
        )
        .select_related("game__created_by")
        .order_by(F("game__deadline").asc(nulls_last=True))
    )
    return [
        {
            "table": s.game.name,
            "host": s.game.created_by.username,
            "url": f"/games/{s.game.id}",
            "deadline": s.game.deadline.isoformat() if s.game.deadline else None,
        }
        for s in seats
    ]


def turn_digests_send(*, now: datetime | None = None) -> int:
    """Record the digest of every player who chose it, has an address and is due now, with
    games waiting; return how many were recorded now (their mails follow the commit)."""
    now = now or clock.now()
    chosen = EmailPreference.objects.filter(kind=DIGEST, enabled=True).values("user")
    users = (
        get_user_model()
        .objects.filter(pk__in=chosen, is_active=True, is_bot=False)
        .exclude(email="")
    )
    sent = 0
    for user in users.only("pk", "email", "time_zone", "is_bot", "language"):
        day = digest_day(now, user.time_zone)
        if day is None:
            continue
        with transaction.atomic():
            games = waiting_games(user)
            if not games:
                continue
            params = {"count": len(games), "games": games, "tz": user.time_zone or "UTC"}
            note = notify(
                user=user,
                kind=DIGEST,
                params=params,
                url="/my-games",
                key=f"digest:{day}",
                read=True,
            )
            sent += note is not None
    return sent
