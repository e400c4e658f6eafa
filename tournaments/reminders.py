"""Reminders to the registered players (tournaments.services): check-in is open, it starts in
one hour; each at most once per player."""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta

from django.db import transaction

from core import clock
from notifications.services import notify
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import EntryStatus
from tournaments.models import Tournament
from tournaments.models import TournamentStatus

# -- reminders ---------------------------------------------------------------------------------

STARTS_SOON = timedelta(hours=1)


def tournament_reminders_send(now: datetime | None = None) -> int:
    """Tell the registered players of each tournament still to start that its check-in is open
    (from ``check_in_opens_at``) and, within the hour before ``starts_at``, that it starts
    soon; return how many were told. Beat runs this every minute or so: each reminder has a
    notification key per tournament, so a second run (or two beats at once) tells no one
    twice, and the players already told are not even tried again."""
    now = now or clock.now()
    upcoming = Tournament.objects.filter(
        status__in=(TournamentStatus.SCHEDULED, TournamentStatus.REGISTRATION), starts_at__gt=now
    )
    told = 0
    checkin = upcoming.filter(check_in_opens_at__isnull=False, check_in_opens_at__lte=now)
    for tournament in checkin:
        told += _remind(
            tournament,
            kind="tournament_checkin_open",
            key=f"tournament:{tournament.pk}:checkin-open",
            params={"tournament": tournament.name},
            statuses=(EntryStatus.REGISTERED,),
        )
    for tournament in upcoming.filter(starts_at__lte=now + STARTS_SOON):
        minutes = max(1, round((tournament.starts_at - now).total_seconds() / 60))
        told += _remind(
            tournament,
            kind="tournament_starts_soon",
            key=f"tournament:{tournament.pk}:starts-soon",
            params={"tournament": tournament.name, "minutes": minutes},
            statuses=ACTIVE_ENTRY,
        )
    return told


def _remind(tournament: Tournament, *, kind: str, key: str, params: dict, statuses) -> int:
    entries = (
        tournament.entries.filter(status__in=statuses, user__is_bot=False)
        .exclude(user__notifications__key=key)
        .select_related("user")
    )
    told = 0
    with transaction.atomic():
        for entry in entries:
            told += (
                notify(
                    user=entry.user,
                    kind=kind,
                    params=params,
                    url=f"/tournaments/{tournament.pk}",
                    key=key,
                )
                is not None
            )
    return told
