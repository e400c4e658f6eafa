"""Clocks (RULES R24): a time control, the turn's start and the seat's clock give a deadline.

Live: each turn has ``seconds_per_move``; time beyond it comes out of the seat's reserve
(``reserve_seconds`` at the start), and the deadline is when both are spent. Correspondence:
``days_per_move`` per turn; a player's vacation pauses the clock of each of their games, up to
that game's ``vacation_days`` in all. After ``timeouts_allowed`` timeouts in a row the seat is
played by a bot (``on_timeouts = "bot"``) or forfeited (``"forfeit"``: it is played by the
timeout action to the end and placed last).

Plain functions of datetimes: the services keep the results on the Game and Seat rows.
"""

from __future__ import annotations

from datetime import datetime
from datetime import timedelta
from typing import Any

LIVE = "live"
CORRESPONDENCE = "correspondence"
ON_TIMEOUTS = ("bot", "forfeit")
DEFAULT_TIMEOUTS_ALLOWED = {LIVE: 3, CORRESPONDENCE: 2}


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
    tc.setdefault("timeouts_allowed", DEFAULT_TIMEOUTS_ALLOWED.get(kind, 3))
    tc.setdefault("on_timeouts", "bot")
    return tc


def initial_reserve_ms(tc: dict[str, Any]) -> int | None:
    return with_defaults(tc)["reserve_seconds"] * 1000 if tc.get("kind") == LIVE else None


def vacation_overlap(
    start: datetime, end: datetime | None, vac_from: datetime | None, vac_until: datetime | None
) -> timedelta:
    """How much of [start, end) (end None = open) a vacation [vac_from, vac_until) covers."""
    if vac_from is None or vac_until is None:
        return timedelta(0)
    lo = max(start, vac_from)
    hi = vac_until if end is None else min(end, vac_until)
    return max(hi - lo, timedelta(0))


def vacation_left(tc: dict[str, Any], used_s: int) -> timedelta:
    return timedelta(seconds=max(with_defaults(tc)["vacation_days"] * 86400 - used_s, 0))


def deadline(
    tc: dict[str, Any],
    started: datetime,
    *,
    reserve_ms: int | None = None,
    vacation_used_s: int = 0,
    vac_from: datetime | None = None,
    vac_until: datetime | None = None,
) -> datetime:
    """When a turn that began at ``started`` times out."""
    tc = with_defaults(tc)
    if tc["kind"] == LIVE:
        reserve = reserve_ms if reserve_ms is not None else initial_reserve_ms(tc)
        return started + timedelta(seconds=tc["seconds_per_move"], milliseconds=reserve or 0)
    pause = min(
        vacation_overlap(started, None, vac_from, vac_until), vacation_left(tc, vacation_used_s)
    )
    return started + timedelta(days=tc["days_per_move"]) + pause


def charge(
    tc: dict[str, Any],
    started: datetime,
    ended: datetime,
    *,
    reserve_ms: int | None,
    vacation_used_s: int,
    vac_from: datetime | None = None,
    vac_until: datetime | None = None,
) -> tuple[int | None, int]:
    """Return the seat's (reserve_ms, vacation_used_s) after a turn ``started``..``ended``."""
    tc = with_defaults(tc)
    if tc["kind"] == LIVE:
        reserve = reserve_ms if reserve_ms is not None else initial_reserve_ms(tc)
        over_ms = int((ended - started).total_seconds() * 1000) - tc["seconds_per_move"] * 1000
        return max((reserve or 0) - max(over_ms, 0), 0), vacation_used_s
    used = min(
        vacation_overlap(started, ended, vac_from, vac_until), vacation_left(tc, vacation_used_s)
    )
    return reserve_ms, vacation_used_s + int(used.total_seconds())


def on_vacation(user, at: datetime) -> bool:
    return bool(user.vacation_from and user.vacation_until and user.vacation_from <= at)
