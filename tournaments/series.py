"""Tournament series: a recurrence rule that keeps its next tournaments created ahead.

A series holds an RFC 5545 RRULE and its DTSTART, parsed by python-dateutil (``rrulestr``),
a lead time, the registration and check-in offsets, and a template of tournament_create's
settings. ``series_fill`` (the beat task ``tournaments.tasks.series_fill``) creates, through
``tournament_create`` (the one code path of every tournament), each occurrence that starts
within the lead time and has no tournament yet. It runs under the series' row lock and a
unique (series, occurrence) constraint backs it up (SQLite has no row locks), so running it
twice, late or concurrently creates each tournament once. An occurrence already started when
the fill runs (the beat was down) is skipped, never created in the past.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator
from datetime import datetime
from datetime import timedelta
from typing import Any

from dateutil.rrule import HOURLY
from dateutil.rrule import YEARLY
from dateutil.rrule import rrule
from dateutil.rrule import rrulestr
from django.db import IntegrityError
from django.db import transaction

from core import clock
from core.errors import ApplicationError
from core.errors import Forbidden
from core.errors import NotFound
from tournaments import eligibility
from tournaments.creation import tournament_create
from tournaments.errors import TournamentError
from tournaments.models import ARENA_WAIT_SECONDS
from tournaments.models import AbsencePolicy
from tournaments.models import TournamentSeries
from tournaments.service_common import can_organize

log = logging.getLogger(__name__)

E = TournamentError

# tournament_create's settings a series' template may hold (the name, description, start and
# registration times come from the series itself).
TEMPLATE_DEFAULTS: dict[str, Any] = {
    "format": "swiss",
    "table_size": 4,
    "min_players": 2,
    "max_players": None,
    "hand_table": "classic",
    "variants": {},
    "time_control": {"kind": "live"},
    "rounds": 3,
    "advance": None,
    "rated": False,
    "bots_only": False,
    "no_show_policy": AbsencePolicy.FORFEIT,
    "withdrawal_policy": AbsencePolicy.BOT,
    "ready_seconds": 15,
    # an arena's (tournaments.arena) and a team's events
    "duration_minutes": None,
    "arena_wait_seconds": ARENA_WAIT_SECONDS,
    "arena_bots": False,
    "berserk": False,
    "team": None,
    "battle_teams": None,
    "team_best": None,
    **eligibility.CONDITION_DEFAULTS,
}
LEAD_HOURS_RANGE = (1, 24 * 60)  # an hour to two months ahead
MAX_OFFSET_MINUTES = 60 * 24 * 30
RULE_WINDOW = timedelta(days=2 * 366)  # a rule must start within two years of its DTSTART
DTSTART_PAST = timedelta(days=366)  # and DTSTART be no older than a year (see _starts)
MIN_GAP = timedelta(hours=1)  # no series more frequent than hourly
GAP_SAMPLE = 200  # occurrences looked at for the smallest gap
MAX_PER_FILL = 500  # occurrences created by one fill of one series, at most


def _invalid(detail: str, field: str | None = None, code=E.INVALID_SERIES) -> ApplicationError:
    extra = {"fields": {field: [detail]}} if field else None
    return ApplicationError(code, detail, extra=extra)


def parse_rule(text: str, dtstart: datetime) -> rrule:
    """Return the recurrence of an RRULE (``FREQ=WEEKLY;BYDAY=SA``, with or without its
    ``RRULE:`` prefix) from ``dtstart``; raise ``invalid_series_rule`` for anything dateutil
    cannot read or that is not one rule, ``series_too_frequent`` for a rule that repeats
    more often than hourly (RFC 5545's MINUTELY and SECONDLY, or an hourly rule with more
    than one BYMINUTE, found from the gaps between its first occurrences)."""
    text = (text or "").strip()
    if text.upper().startswith("RRULE:"):
        text = text[6:]
    if not text or "\n" in text or len(text) > 500 or text.upper().startswith("DTSTART"):
        raise _invalid("one RRULE line, e.g. FREQ=WEEKLY;BYDAY=SA", "rule", E.INVALID_SERIES_RULE)
    try:
        rule = rrulestr(text, dtstart=dtstart)
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        raise _invalid(f"not a recurrence rule: {exc}", "rule", E.INVALID_SERIES_RULE) from None
    if not isinstance(rule, rrule):
        raise _invalid("one RRULE line", "rule", E.INVALID_SERIES_RULE)
    if rule._freq > HOURLY:  # dateutil orders YEARLY (0) … HOURLY (4), MINUTELY, SECONDLY
        raise _invalid("a series repeats at most hourly", "rule", E.SERIES_TOO_FREQUENT)
    previous = None
    for at in itertools.islice(_starts(rule, dtstart + RULE_WINDOW), GAP_SAMPLE):
        if previous is not None and at - previous < MIN_GAP:
            raise _invalid("a series repeats at most hourly", "rule", E.SERIES_TOO_FREQUENT)
        previous = at
    return rule


def _starts(rule: rrule, end: datetime) -> Iterator[datetime]:
    """Iterate the rule's starts up to ``end``. dateutil walks period by period until an
    occurrence passes the bound it is given, so a rule whose conditions never match (hourly
    on a 30 February) would walk to the year 9999: bound it by ``end`` as its UNTIL, and
    apply a COUNT to the bounded starts (a prefix of the rule's). But while nothing matches,
    dateutil walks on past any bound: a rule with no day to fire on before ``end``
    (``_first_day``) has no starts, and an hourly one starts its walk on its first day."""
    count, until = rule._count, rule._until
    end = min(until, end) if until else end
    if rule._freq != YEARLY:  # a yearly rule walks a year a step, as the shadow would
        day = _first_day(rule, end)
        if day is None:
            return iter(())
        if rule._freq == HOURLY:
            rule = _from(rule, day)
    starts = iter(rule.replace(count=None, until=end))
    return itertools.islice(starts, count) if count else starts


# The parts of an RRULE that choose days. A rule fires only on the days its shadow
# (these parts under FREQ=YEARLY, every day of the chosen months if none names days) holds.
_DAY_PARTS = frozenset({"BYMONTH", "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYDAY", "WKST"})
_NAMING_DAYS = frozenset({"BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYDAY"})
_EVERY_MONTHDAY = "BYMONTHDAY=" + ",".join(str(day) for day in range(1, 32))


def _first_day(rule: rrule, end: datetime) -> datetime | None:
    """The first day (its midnight) up to ``end`` on which ``rule`` may fire (no later than
    its first start), or None if there is none. dateutil walks a rule period by period, and
    on to the year 9999 while nothing matches: a rule that never fires cost seconds of CPU a
    request (hourly on a 30 February about 10 s, daily 2.6 s), a denial of service. Its
    yearly shadow walks a year a step."""
    line = str(rule).splitlines()[-1].removeprefix("RRULE:")
    parts = [part for part in line.split(";") if part.partition("=")[0] in _DAY_PARTS]
    names = {part.partition("=")[0] for part in parts}
    midnight = rule._dtstart.replace(hour=0, minute=0, second=0, microsecond=0)
    if not names - {"WKST"} or any(c.isdigit() for p in parts if p.startswith("BYDAY=") for c in p):
        return midnight  # every day may do, or an nth weekday, which an hourly rule ignores
    if not names & _NAMING_DAYS:
        parts.append(_EVERY_MONTHDAY)
    try:
        shadow = rrulestr(";".join(["FREQ=YEARLY", *parts]), dtstart=midnight)
    except (ValueError, TypeError, KeyError, IndexError):
        return midnight  # no shadow: walk the hours from the start
    return next(iter(shadow.replace(until=end)), None)


def _from(rule: rrule, day: datetime) -> rrule:
    """The hourly ``rule`` walked from ``day`` on: from its first period on or after that
    day, so the periods keep their phase (every INTERVAL hours from DTSTART). No start comes
    before ``day``, so a COUNT still counts from the first."""
    if day <= rule._dtstart:
        return rule
    step = timedelta(hours=rule._interval)
    periods = -(-(day - rule._dtstart) // step)  # rounded up
    return rule.replace(dtstart=rule._dtstart + periods * step)


def occurrences(series: TournamentSeries, start: datetime, end: datetime) -> list[datetime]:
    """Return the series' starts after ``start`` and up to ``end``."""
    rule = parse_rule(series.rule, series.dtstart)
    found = (at for at in _starts(rule, end) if at > start)
    return list(itertools.islice(found, MAX_PER_FILL))


def _minutes(value, field: str, *, nullable: bool) -> int | None:
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _invalid(f"{field} must be 0 to {MAX_OFFSET_MINUTES} minutes", field)
    if not 0 <= value <= MAX_OFFSET_MINUTES:
        raise _invalid(f"{field} must be 0 to {MAX_OFFSET_MINUTES} minutes", field)
    return value


def _template_clean(template: dict[str, Any] | None) -> dict[str, Any]:
    template = dict(template or {})
    unknown = sorted(set(template) - set(TEMPLATE_DEFAULTS))
    if unknown:
        raise _invalid(f"unknown tournament settings: {', '.join(unknown)}", "template")
    return {**TEMPLATE_DEFAULTS, **template}


def tournament_arguments(series: TournamentSeries, at: datetime, now: datetime) -> dict:
    """Return tournament_create's arguments for the occurrence starting ``at``."""
    opens = None
    if series.registration_opens_minutes is not None:
        opens = min(at - timedelta(minutes=series.registration_opens_minutes), at)
    closes = at - timedelta(minutes=series.registration_closes_minutes)
    if opens is None or opens < now:
        opens = now
    closes = max(closes, opens)
    check_in = None
    if series.check_in_minutes:
        check_in = at - timedelta(minutes=series.check_in_minutes)
    return {
        **_template_clean(series.template),
        "user": series.organizer,
        "name": series.name,
        "description": series.description,
        "starts_at": at,
        "registration_opens_at": opens,
        "registration_closes_at": closes,
        "check_in_opens_at": check_in,
        "series": series,
        "occurrence": at,
    }


class _DryRun(Exception):
    pass


def _try_template(series: TournamentSeries, now: datetime) -> None:
    """Create the series' next tournament in a savepoint rolled back at once: the template is
    refused with tournament_create's own codes, before the series is saved."""
    rule = parse_rule(series.rule, series.dtstart)
    starts = _starts(rule, max(now, series.dtstart) + RULE_WINDOW)
    at = next((t for t in starts if t > now + timedelta(minutes=1)), None)
    if at is None:
        raise _invalid("the rule has no start in the next two years", "rule", E.INVALID_SERIES_RULE)
    try:
        with transaction.atomic():
            tournament_create(**{**tournament_arguments(series, at, now), "series": None})
            raise _DryRun
    except _DryRun:
        pass


@transaction.atomic
def series_create(
    *,
    user,
    name: str,
    rule: str,
    dtstart: datetime,
    description: str = "",
    lead_hours: int = 168,
    registration_opens_minutes: int | None = None,
    registration_closes_minutes: int = 0,
    check_in_minutes: int | None = None,
    template: dict[str, Any] | None = None,
    active: bool = True,
) -> TournamentSeries:
    """Define a series (staff and organizers) and create its tournaments due already."""
    if not can_organize(user):
        raise Forbidden(E.NOT_ORGANIZER, "only staff and organizers define series")
    now = clock.now()
    name = (name or "").strip()
    if not name or len(name) > 80:
        raise _invalid("a name of 1 to 80 characters", "name")
    if dtstart is None or dtstart.tzinfo is None:
        raise _invalid("dtstart needs a time zone", "dtstart")
    if dtstart < now - DTSTART_PAST:
        raise _invalid("dtstart must be less than a year ago", "dtstart")
    lo, hi = LEAD_HOURS_RANGE
    if not isinstance(lead_hours, int) or isinstance(lead_hours, bool):
        raise _invalid(f"lead_hours must be {lo} to {hi}", "lead_hours")
    if not lo <= lead_hours <= hi:
        raise _invalid(f"lead_hours must be {lo} to {hi}", "lead_hours")
    series = TournamentSeries(
        name=name,
        description=description or "",
        organizer=user,
        created_at=now,
        rule=(rule or "").strip().removeprefix("RRULE:"),
        dtstart=dtstart,
        lead_hours=lead_hours,
        registration_opens_minutes=_minutes(
            registration_opens_minutes, "registration_opens_minutes", nullable=True
        ),
        registration_closes_minutes=_minutes(
            registration_closes_minutes, "registration_closes_minutes", nullable=False
        ),
        check_in_minutes=_minutes(check_in_minutes, "check_in_minutes", nullable=True),
        template=_template_clean(template),
        active=bool(active),
    )
    _try_template(series, now)
    series.save()
    if series.active:
        _fill(series, now)
    return series


@transaction.atomic
def series_update(
    *, series_id, user, active: bool | None = None, lead_hours: int | None = None
) -> TournamentSeries:
    """Pause or resume a series, or change its lead time (its organizer, or staff)."""
    series = _locked(series_id)
    if not (user.is_staff or series.organizer_id == user.pk):
        raise Forbidden(E.NOT_ORGANIZER, "only the series' organizer changes it")
    if lead_hours is not None:
        lo, hi = LEAD_HOURS_RANGE
        if not isinstance(lead_hours, int) or not lo <= lead_hours <= hi:
            raise _invalid(f"lead_hours must be {lo} to {hi}", "lead_hours")
        series.lead_hours = lead_hours
    if active is not None:
        series.active = bool(active)
    series.save(update_fields=["active", "lead_hours"])
    if series.active:
        _fill(series, clock.now())
    return series


def _locked(series_id) -> TournamentSeries:
    try:
        return (
            TournamentSeries.objects.select_for_update()
            .select_related("organizer")
            .get(pk=series_id)
        )
    except (TournamentSeries.DoesNotExist, ValueError, TypeError):
        raise NotFound(E.NOT_FOUND, "no such series") from None


def _fill(series: TournamentSeries, now: datetime) -> int:
    horizon = now + timedelta(hours=series.lead_hours)
    made = set(series.tournaments.values_list("occurrence", flat=True))
    created = 0
    for at in occurrences(series, now, horizon):
        if at in made:
            continue
        try:
            with transaction.atomic():  # a savepoint: a lost race undoes this one only
                tournament_create(**tournament_arguments(series, at, now))
        except IntegrityError:
            continue  # another fill made it first (the unique series and occurrence)
        except ApplicationError as exc:
            # The organizer lost the right to organise, say: the next fill tries again.
            log.warning("series %s: the occurrence %s was refused: %s", series.pk, at, exc)
            continue
        created += 1
    return created


@transaction.atomic
def series_fill(*, series_id) -> int:
    """Create the tournaments of the series' occurrences within its lead time that do not
    exist yet; return how many were created (0 for a paused series)."""
    series = _locked(series_id)
    if not series.active:
        return 0
    return _fill(series, clock.now())


def series_fill_all() -> int:
    """Run ``series_fill`` for every active series (beat); one broken series does not stop
    the others."""
    created = 0
    ids = TournamentSeries.objects.filter(active=True).values_list("pk", flat=True)
    for series_id in list(ids):
        try:
            created += series_fill(series_id=series_id)
        except Exception:  # noqa: BLE001 — logged; the next tick tries again
            log.exception("filling series %s failed", series_id)
    return created
