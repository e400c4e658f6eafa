"""Clocks (RULES R24): a time control, the turn's start and the seat's clock give a deadline.

Live: each turn has ``seconds_per_move``; time beyond it comes out of the seat's reserve
(``reserve_seconds`` at the start), and the deadline is when both are spent. Correspondence:
``days_per_move`` per turn; a player's vacation pauses the clock of each of their games, up to
that game's ``vacation_days`` in all. After ``timeouts_allowed`` timeouts in a row the seat is
played by a bot (``on_timeouts = "bot"``) or forfeited (``"forfeit"``: it is played by the
timeout action to the end and placed last).

A correspondence table created with ``weekend_pause`` charges nobody for their weekend: from
Friday 18:00 to Monday 08:00 in the seat's player's own time zone (their profile's; UTC when
unset), the wall-clock hours of that zone, so a weekend that changes to or from summer time
is an hour shorter or longer in UTC. Vacation that falls in a weekend costs no vacation day.

More time given by an opponent (``extra_s``, games.more_time) lengthens the current turn: the
live move time, or the correspondence days to be charged, before the deadline.

A live seat whose player went berserk before the start (games.services.game_berserk) starts
with half the reserve (``berserk_reserve_ms``); its move time is the table's.

Plain functions of datetimes: the services keep the results on the Game and Seat rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo
from zoneinfo import ZoneInfoNotFoundError

LIVE = "live"
CORRESPONDENCE = "correspondence"
ON_TIMEOUTS = ("bot", "forfeit")
DEFAULT_TIMEOUTS_ALLOWED = {LIVE: 3, CORRESPONDENCE: 2}
# The weekend a ``weekend_pause`` table charges nothing for, in the player's local time:
# Friday (weekday 4) 18:00 until the Monday after, 08:00.
WEEKEND_FROM = (4, time(18, 0))
WEEKEND_UNTIL = (0, time(8, 0))
WEEKEND = "weekend"
VACATION = "vacation"


def with_defaults(tc: dict[str, Any] | None) -> dict[str, Any]:
    """Return ``tc`` with every key filled in (rows stored before a key existed included)."""
    tc = dict(tc or {"kind": LIVE})
    kind = tc.get("kind", LIVE)
    if kind == LIVE:
        tc.setdefault("seconds_per_move", 60)
        tc.setdefault("reserve_seconds", 300)
    else:
        tc.setdefault("days_per_move", 3)
        tc.setdefault("vacation_days", 14)
        tc.setdefault("weekend_pause", False)
    tc.setdefault("timeouts_allowed", DEFAULT_TIMEOUTS_ALLOWED.get(kind, 3))
    tc.setdefault("on_timeouts", "bot")
    return tc


def initial_reserve_ms(tc: dict[str, Any]) -> int | None:
    return with_defaults(tc)["reserve_seconds"] * 1000 if tc.get("kind") == LIVE else None


def berserk_reserve_ms(tc: dict[str, Any]) -> int | None:
    """The reserve a berserk seat starts with: half the initial one, in whole milliseconds
    (rounded down); None for correspondence, which has none."""
    reserve = initial_reserve_ms(tc)
    return None if reserve is None else reserve // 2


def vacation_left(tc: dict[str, Any], used_s: int) -> timedelta:
    return timedelta(seconds=max(with_defaults(tc)["vacation_days"] * 86400 - used_s, 0))


def zone(name: str | None) -> ZoneInfo:
    """The time zone ``name`` (an IANA name); UTC for none or one this machine does not know."""
    try:
        return ZoneInfo(name) if name else ZoneInfo("UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def _local(day: date, at: time, tz: ZoneInfo) -> datetime:
    """``day`` at wall-clock ``at`` in ``tz``, in UTC (a time a summer-time change skips is
    read with the offset before the change)."""
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)


def weekends(tz_name: str | None, after: datetime) -> Iterator[tuple[datetime, datetime]]:
    """Yield the weekends [Friday 18:00, Monday 08:00) of zone ``tz_name`` that end after
    ``after``, in order, in UTC (endless)."""
    tz = zone(tz_name)
    local = after.astimezone(tz)
    friday = local.date() - timedelta(days=(local.weekday() - WEEKEND_FROM[0]) % 7)
    length = (WEEKEND_UNTIL[0] - WEEKEND_FROM[0]) % 7
    while True:
        lo = _local(friday, WEEKEND_FROM[1], tz)
        hi = _local(friday + timedelta(days=length), WEEKEND_UNTIL[1], tz)
        if hi > after:
            yield lo, hi
        friday += timedelta(days=7)


@dataclass(frozen=True)
class Pause:
    """A span of a turn when the seat's clock stands still, and why (``WEEKEND``,
    ``VACATION``)."""

    start: datetime
    end: datetime
    reason: str


def pauses(
    tc: dict[str, Any],
    started: datetime,
    *,
    tz: str | None = None,
    vacation_used_s: int = 0,
    vac_from: datetime | None = None,
    vac_until: datetime | None = None,
) -> Iterator[Pause]:
    """Yield the spans from ``started`` on when a correspondence seat's clock stands still, in
    order and apart: its weekends (a ``weekend_pause`` table) and its vacation outside them,
    as far as the game's vacation days left go. Endless with weekends; none for live."""
    tc = with_defaults(tc)
    if tc["kind"] == LIVE:
        return
    budget = vacation_left(tc, vacation_used_s)
    vac: list[datetime] | None = None
    if vac_from is not None and vac_until is not None and vac_until > started:
        vac = [max(vac_from, started), vac_until]

    def vacation_before(limit: datetime | None) -> Iterator[Pause]:
        nonlocal budget
        if vac is None or budget <= timedelta(0) or vac[0] >= vac[1]:
            return
        end = vac[1] if limit is None else min(vac[1], limit)
        end = min(end, vac[0] + budget)
        if end > vac[0]:
            budget -= end - vac[0]
            yield Pause(vac[0], end, VACATION)
            vac[0] = end

    if not tc["weekend_pause"]:
        yield from vacation_before(None)
        return
    for lo, hi in weekends(tz, started):
        lo = max(lo, started)
        yield from vacation_before(lo)
        yield Pause(lo, hi, WEEKEND)
        if vac is not None:
            vac[0] = max(vac[0], hi)


def deadline(
    tc: dict[str, Any],
    started: datetime,
    *,
    reserve_ms: int | None = None,
    vacation_used_s: int = 0,
    vac_from: datetime | None = None,
    vac_until: datetime | None = None,
    tz: str | None = None,
    extra_s: int = 0,
) -> datetime:
    """When a turn that began at ``started`` times out: live, after the move time, the more
    time given (``extra_s``) and the reserve; correspondence, once ``days_per_move`` and the
    more time given have been charged, the pauses (``pauses``) not counted."""
    tc = with_defaults(tc)
    if tc["kind"] == LIVE:
        reserve = reserve_ms if reserve_ms is not None else initial_reserve_ms(tc)
        return started + timedelta(
            seconds=tc["seconds_per_move"] + extra_s, milliseconds=reserve or 0
        )
    left = timedelta(days=tc["days_per_move"], seconds=extra_s)
    at = started
    seat = {
        "tz": tz,
        "vacation_used_s": vacation_used_s,
        "vac_from": vac_from,
        "vac_until": vac_until,
    }
    for p in pauses(tc, started, **seat):
        if p.start - at >= left:
            break
        left -= max(p.start - at, timedelta(0))
        at = max(at, p.end)
    return at + left


def charge(
    tc: dict[str, Any],
    started: datetime,
    ended: datetime,
    *,
    reserve_ms: int | None,
    vacation_used_s: int,
    vac_from: datetime | None = None,
    vac_until: datetime | None = None,
    tz: str | None = None,
    extra_s: int = 0,
) -> tuple[int | None, int]:
    """Return the seat's (reserve_ms, vacation_used_s) after a turn ``started``..``ended``
    with ``extra_s`` more time given: the reserve spends what the turn took beyond its move
    time and the more time; the vacation days, the vacation outside weekends it overlapped."""
    tc = with_defaults(tc)
    if tc["kind"] == LIVE:
        reserve = reserve_ms if reserve_ms is not None else initial_reserve_ms(tc)
        over_ms = (
            int((ended - started).total_seconds() * 1000)
            - (tc["seconds_per_move"] + extra_s) * 1000
        )
        return max((reserve or 0) - max(over_ms, 0), 0), vacation_used_s
    used = timedelta(0)
    seat = {
        "tz": tz,
        "vacation_used_s": vacation_used_s,
        "vac_from": vac_from,
        "vac_until": vac_until,
    }
    for p in pauses(tc, started, **seat):
        if p.start >= ended:
            break
        if p.reason == VACATION:
            used += min(p.end, ended) - p.start
    return reserve_ms, vacation_used_s + int(used.total_seconds())


def pauses_until(
    tc: dict[str, Any], started: datetime, now: datetime, until: datetime | None, **seat: Any
) -> list[Pause]:
    """The pauses of a turn that began at ``started`` which are not over at ``now`` and begin
    before ``until`` (its deadline): what its clock shows stopped, now or later. ``seat``:
    the keywords of ``pauses``."""
    if until is None:
        return []
    out = []
    for p in pauses(tc, started, **seat):
        if p.start >= until:
            break
        if p.end > now:
            out.append(p)
    return out


def on_vacation(user, at: datetime) -> bool:
    return bool(user.vacation_from and user.vacation_until and user.vacation_from <= at)
