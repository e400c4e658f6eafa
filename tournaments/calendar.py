"""What is coming: the selectors of the series API, the calendar page and the iCal feeds.

Read-only. An event is an upcoming tournament, or an occurrence of an active series whose
tournament does not exist yet (it is made ``lead_hours`` ahead; until then it shows as
"scheduled", computed from the rule). A series' tournament and the occurrence it was made for
are one event, with one UID, so a calendar app that subscribed before the tournament existed
keeps the same entry.

The end of an event is an estimate (calendar apps need one): tournament rounds x one game,
a game being its rounds of play (V6; a full match on a double-N set has N + 1) x its seats x
``TURNS_PER_SEAT`` turns, each taking half the time allowed per move, plus the ready window.
Correspondence events last days or weeks; their events mark the start only
(``CORRESPONDENCE_EVENT``). An arena's end is known: its duration (the tables playing then
finish after it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from django.db.models import Count
from django.db.models import Q

from core import clock
from core.errors import NotFound
from tournaments import eligibility
from tournaments.errors import TournamentError
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import Tournament
from tournaments.models import TournamentSeries
from tournaments.models import TournamentStatus
from tournaments.series import TEMPLATE_DEFAULTS
from tournaments.series import occurrences

UPCOMING = (TournamentStatus.SCHEDULED, TournamentStatus.REGISTRATION)
CALENDAR_DAYS = 28  # the calendar page and the feeds look four weeks ahead
TURNS_PER_SEAT = 8  # a seat's turns in a round of play, about (plays, draws, passes)
CORRESPONDENCE_EVENT = timedelta(hours=1)


def estimated_duration(settings: dict[str, Any]) -> timedelta:
    """Return how long a tournament of ``settings`` (tournament_create's) lasts, about."""
    if settings.get("format") == "arena" and settings.get("duration_minutes"):
        return timedelta(minutes=settings["duration_minutes"])
    tc = settings.get("time_control") or {}
    if tc.get("kind") == "correspondence":
        return CORRESPONDENCE_EVENT
    variants = settings.get("variants") or {}
    set_max = variants.get("set_max") or (12 if settings.get("hand_table") != "double9" else 9)
    play_rounds = variants.get("rounds") or set_max + 1
    per_move = tc.get("seconds_per_move") or 60
    game = play_rounds * settings.get("table_size", 4) * TURNS_PER_SEAT * per_move / 2
    game += settings.get("ready_seconds") or 15
    return timedelta(seconds=round(settings.get("rounds", 3) * game))


def _settings_of(tournament: Tournament) -> dict[str, Any]:
    return {
        "time_control": tournament.time_control,
        "variants": tournament.variants,
        "hand_table": tournament.hand_table,
        "table_size": tournament.table_size,
        "ready_seconds": tournament.ready_seconds,
        "rounds": tournament.rounds,
        "format": tournament.format,
        "duration_minutes": tournament.duration_minutes,
    }


@dataclass(frozen=True)
class Event:
    uid: str  # stable: the same tournament or occurrence, the same UID
    name: str
    description: str
    starts_at: datetime
    ends_at: datetime
    url: str
    status: str  # the tournament's status, or "scheduled" for an occurrence not made yet
    tournament_id: int | None
    series_id: int | None
    format: str


def event_uid(*, tournament_id: int | None, series_id: int | None, at: datetime | None) -> str:
    """Return the UID of a tournament, or of a series' occurrence (made or not)."""
    if series_id is not None and at is not None:
        return f"series-{series_id}-{at.astimezone(UTC):%Y%m%dT%H%M%SZ}"
    return f"tournament-{tournament_id}"


def _tournament_event(t: Tournament) -> Event:
    return Event(
        uid=event_uid(tournament_id=t.pk, series_id=t.series_id, at=t.occurrence),
        name=t.name,
        description=t.description,
        starts_at=t.starts_at,
        ends_at=t.starts_at + estimated_duration(_settings_of(t)),
        url=f"/tournaments/{t.pk}",
        status=t.status,
        tournament_id=t.pk,
        series_id=t.series_id,
        format=t.format,
    )


def _occurrence_event(series: TournamentSeries, at: datetime) -> Event:
    settings = {**TEMPLATE_DEFAULTS, **series.template}
    return Event(
        uid=event_uid(tournament_id=None, series_id=series.pk, at=at),
        name=series.name,
        description=series.description,
        starts_at=at,
        ends_at=at + estimated_duration(settings),
        url=f"/tournaments/calendar#series-{series.pk}-{at.astimezone(UTC):%Y%m%d%H%M}",
        status=TournamentStatus.SCHEDULED,
        tournament_id=None,
        series_id=series.pk,
        format=settings["format"],
    )


def upcoming_events(
    *, now: datetime | None = None, days: int = CALENDAR_DAYS, series_id: int | None = None
) -> list[Event]:
    """Return the events starting from ``now`` up to ``days`` ahead, by start: every upcoming
    tournament (of one series, if given) and each active series' occurrences not made yet."""
    now = now or clock.now()
    end = now + timedelta(days=days)
    rows = Tournament.objects.filter(status__in=UPCOMING, starts_at__gt=now, starts_at__lte=end)
    series_rows = TournamentSeries.objects.filter(active=True)
    if series_id is not None:
        rows = rows.filter(series_id=series_id)
        series_rows = TournamentSeries.objects.filter(pk=series_id, active=True)
    events = [_tournament_event(t) for t in rows]
    made = set(
        Tournament.objects.filter(series__in=series_rows, occurrence__gt=now).values_list(
            "series_id", "occurrence"
        )
    )
    for series in series_rows:
        for at in occurrences(series, now, end):
            if (series.pk, at) not in made:
                events.append(_occurrence_event(series, at))
    return sorted(events, key=lambda e: (e.starts_at, e.uid))


def calendar_days(*, now: datetime | None = None, days: int = CALENDAR_DAYS):
    """Return the calendar page's events grouped by day (UTC): [(date, [Event, ...]), ...]."""
    out: dict = {}
    for event in upcoming_events(now=now, days=days):
        out.setdefault(event.starts_at.date(), []).append(event)
    return sorted(out.items())


# -- the series API ----------------------------------------------------------------------------


def series_get(series_id) -> TournamentSeries:
    try:
        return TournamentSeries.objects.select_related("organizer").get(pk=series_id)
    except (TournamentSeries.DoesNotExist, ValueError, TypeError):
        raise NotFound(TournamentError.NOT_FOUND, "no such series") from None


def series_list():
    """Return every series, active first, then by name."""
    return (
        TournamentSeries.objects.select_related("organizer")
        .annotate(made=Count("tournaments"))
        .order_by("-active", "name", "id")
    )


def series_doc(series: TournamentSeries, now: datetime | None = None) -> dict[str, Any]:
    """Return a series as the API shows it, with its next starts and upcoming tournaments."""
    now = now or clock.now()
    upcoming = Tournament.objects.filter(series=series, status__in=UPCOMING).annotate(
        entrants=Count("entries", filter=Q(entries__status__in=ACTIVE_ENTRY))
    )
    template = {**TEMPLATE_DEFAULTS, **series.template}
    return {
        "id": series.pk,
        "name": series.name,
        "description": series.description,
        "organizer": series.organizer.username,
        "rule": series.rule,
        "dtstart": series.dtstart.isoformat(),
        "lead_hours": series.lead_hours,
        "registration_opens_minutes": series.registration_opens_minutes,
        "registration_closes_minutes": series.registration_closes_minutes,
        "check_in_minutes": series.check_in_minutes,
        "template": template,
        "entry_conditions": {k: template[k] for k in eligibility.CONDITION_DEFAULTS},
        "active": series.active,
        "next_starts": [
            at.isoformat()
            for at in occurrences(series, now, now + timedelta(days=CALENDAR_DAYS))[:10]
        ],
        "tournaments": [
            {"id": t.pk, "starts_at": t.starts_at.isoformat(), "status": t.status}
            for t in upcoming.order_by("starts_at")
        ],
        "feed": f"/tournaments/series/{series.pk}.ics",
    }
