"""The iCal feeds (RFC 5545) of what is coming, built with the ``icalendar`` package.

``GET /tournaments.ics``: every upcoming tournament and the next occurrences of each active
series (``tournaments.calendar.upcoming_events``); ``GET /tournaments/series/<id>.ics``: one
series'. Each event's UID is stable (``calendar.event_uid``), so a calendar app that fetches the
feed again updates its entries instead of doubling them; DTEND is an estimate (see
``tournaments.calendar``).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from icalendar import Calendar
from icalendar import Event as IcalEvent

from core import clock
from tournaments.calendar import Event

PRODID = "-//Mexican Train tournaments//calendar//EN"
UID_DOMAIN = "mexican-train.tournaments"


def feed(
    events: Iterable[Event], *, name: str, base_url: str, now: datetime | None = None
) -> bytes:
    """Return the iCal document of ``events``; ``base_url`` makes their links absolute."""
    stamp = now or clock.now()
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    for e in events:
        ev = IcalEvent()
        ev.add("uid", f"{e.uid}@{UID_DOMAIN}")
        ev.add("dtstamp", stamp)
        ev.add("dtstart", e.starts_at)
        ev.add("dtend", e.ends_at)
        ev.add("summary", e.name)
        ev.add("description", e.description or e.name)
        ev.add("url", base_url.rstrip("/") + e.url)
        ev.add("status", "CONFIRMED" if e.tournament_id else "TENTATIVE")
        cal.add_component(ev)
    return cal.to_ical()
