"""Rate limits: how many logins an address and how many moves a player may make per period.

One counter per (scope, caller, window) in Django's cache: Redis when REDIS_URL is set, so every
web process counts together; local memory otherwise (the embedded default, one process). The
counter is a fixed window incremented atomically (``cache.add`` then ``cache.incr``), so
concurrent requests, even in several processes, never slip past the limit together; the price is
that a caller may make up to twice the rate across the boundary of two windows.

Scopes and their rates are in ``settings.RATE_LIMITS`` (env ``RATE_LIMIT_<SCOPE>``, e.g.
``RATE_LIMIT_LOGIN=10/min``); ``RATE_LIMITS_ENABLED`` (env ``RATE_LIMITS=0``) turns every one
off, for benchmarks and load tests. Anonymous callers are counted by address (REMOTE_ADDR, or
the client address the ``NUM_PROXIES`` trusted proxies put in X-Forwarded-For); signed-in ones
by user id.

A limit that cannot be checked because the cache is down lets the request through (and logs
it): the database is the truth, and a Redis outage must not stop play.
"""

from __future__ import annotations

import logging
import math
import time

from django.conf import settings
from django.core.cache import cache
from rest_framework.throttling import BaseThrottle

from core.errors import ApplicationError

log = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
KEY_PREFIX = "ratelimit"


def parse_rate(rate: str) -> tuple[int, int]:
    """Parse ``"10/min"``, ``"20/s"``, ``"100/5m"`` into (requests, seconds per window)."""
    try:
        count, period = rate.strip().split("/")
        period = period.strip().lower()
        digits = period.rstrip("abcdefghijklmnopqrstuvwxyz")
        unit = period[len(digits) :][:1]
        return int(count), int(digits or 1) * PERIODS[unit]
    except (ValueError, KeyError):
        raise ValueError(f"bad rate {rate!r}: expected N/s, N/min, N/hour, N/day") from None


def _now() -> float:
    """The wall clock, shared by every process (tests pin it to stay inside one window)."""
    return time.time()


def enabled() -> bool:
    return bool(getattr(settings, "RATE_LIMITS_ENABLED", True))


def rate_for(scope: str) -> tuple[int, int] | None:
    """Return the (requests, seconds) limit of ``scope``, or None if it has none."""
    rate = getattr(settings, "RATE_LIMITS", {}).get(scope)
    return parse_rate(rate) if rate else None


def hit(scope: str, ident: str) -> float | None:
    """Count one request of ``ident`` in ``scope``; return the seconds to wait if it is over
    the limit, else None."""
    if not enabled():
        return None
    limit = rate_for(scope)
    if limit is None:
        return None
    allowed, duration = limit
    now = _now()
    window = int(now // duration)
    key = f"{KEY_PREFIX}:{scope}:{ident}:{window}"
    try:
        if cache.add(key, 1, timeout=duration + 1):
            count = 1
        else:
            try:
                count = cache.incr(key)
            except ValueError:  # expired between add and incr: a new window
                cache.add(key, 1, timeout=duration + 1)
                count = 1
    except Exception:  # noqa: BLE001 — a cache outage must not stop play (see module doc)
        log.warning("rate limit %s not checked: the cache is unavailable", scope, exc_info=True)
        return None
    if count <= allowed:
        return None
    return max((window + 1) * duration - now, 0.001)


def retry_after(wait: float) -> int:
    """Whole seconds for a Retry-After header (at least 1)."""
    return max(1, math.ceil(wait))


class Throttled(ApplicationError):
    """Too many requests (429): ``{"code": "throttled", "detail", "retry_after"}``."""

    status = 429

    def __init__(self, wait: float) -> None:
        seconds = retry_after(wait)
        super().__init__(
            "throttled",
            f"Too many requests; try again in {seconds} s.",
            extra={"retry_after": seconds},
        )
        self.wait = seconds


class ScopedRateThrottle(BaseThrottle):
    """A DRF throttle for one scope of ``settings.RATE_LIMITS``: per user when signed in, per
    address otherwise. DRF then answers 429 ``throttled`` with Retry-After (core.api)."""

    scope = ""

    def allow_request(self, request, view) -> bool:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            ident = f"user:{user.pk}"
        else:
            ident = f"ip:{self.get_ident(request)}"
        self._wait = hit(self.scope, ident)
        return self._wait is None

    def wait(self) -> float | None:
        return self._wait


class LoginRateThrottle(ScopedRateThrottle):
    """Password checks (token and session login): per address, against password guessing."""

    scope = "login"


class RegisterRateThrottle(ScopedRateThrottle):
    """New accounts: per address, against mass sign-ups."""

    scope = "register"


class MoveRateThrottle(ScopedRateThrottle):
    """Moves over REST: per player, shared with the socket's moves (``check_move``)."""

    scope = "moves"


def check_move(user) -> None:
    """Count a move made over the socket against the same limit as REST moves; raise
    ``Throttled`` (the socket's error message, status 429) when over it."""
    wait = hit(MoveRateThrottle.scope, f"user:{user.pk}")
    if wait is not None:
        raise Throttled(wait)
