"""The platform's clock: everything that needs the time asks here, so tests can fix it.

``freeze(at)`` stops the clock at ``at`` and ``advance(delta)`` moves it on (a frozen clock
moves by exactly ``delta``; a running one keeps running, ``delta`` ahead). ``reset()`` brings
back the real time. Tests use them through the ``frozen_clock`` fixture; nothing else should.
"""

from datetime import datetime
from datetime import timedelta

from django.utils import timezone

_frozen: datetime | None = None
_offset = timedelta(0)


def now() -> datetime:
    """Return the current time, timezone-aware (UTC)."""
    if _frozen is not None:
        return _frozen
    return timezone.now() + _offset


def freeze(at: datetime | None = None) -> datetime:
    global _frozen
    _frozen = at or now()
    return _frozen


def advance(delta: timedelta) -> datetime:
    global _frozen, _offset
    if _frozen is not None:
        _frozen += delta
    else:
        _offset += delta
    return now()


def reset() -> None:
    global _frozen, _offset
    _frozen, _offset = None, timedelta(0)
