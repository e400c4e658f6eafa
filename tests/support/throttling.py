"""Checks shared by the tests of the rate limits."""

from __future__ import annotations

import uuid

from core import throttling

# A moment well inside a window of every length the tests use (s, min, hour), so no test sees a
# window end while it counts.
PINNED_NOW = 1_800_000_000.25


def limits_on(settings, monkeypatch, **limits: str) -> None:
    """Turn the rate limits on, ``limits`` added to the configured ones, counting in a
    local-memory cache of this test's own, with the clock pinned at PINNED_NOW (and the
    counts kept while it is)."""
    settings.RATE_LIMITS_ENABLED = True
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"limits-{uuid.uuid4().hex}",
        }
    }
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, **limits}
    monkeypatch.setattr(throttling, "_now", lambda: PINNED_NOW)
    # The clock stands still, and so does the counts' expiry: on a busy machine 20 requests
    # took over a 1 s window's 2 s of cache life, and the 21st found the count gone.
    monkeypatch.setattr(throttling, "EXPIRY_SLACK_SECONDS", 3600)


def caps_only(settings, **caps: int) -> None:
    """Turn the rate limits on with no rate of any kind, so that only ``caps`` (settings such
    as OPEN_TABLES_PER_USER, set to these values) can refuse a request."""
    settings.RATE_LIMITS_ENABLED = True
    settings.RATE_LIMITS = {}
    for name, value in caps.items():
        setattr(settings, name, value)


def redis_caches(redis_url: str, *aliases: str) -> dict:
    """Django's CACHES with each of ``aliases`` a client of Redis at ``redis_url``, under one
    key prefix of this test's own: the clients of web processes that count together."""
    prefix = f"hardening-{uuid.uuid4().hex}"
    backend = "django.core.cache.backends.redis.RedisCache"
    return {
        alias: {"BACKEND": backend, "LOCATION": redis_url, "KEY_PREFIX": prefix}
        for alias in aliases
    }


def assert_throttled(response, window: int) -> None:
    """Assert ``response`` is the platform's 429: its code, detail and a Retry-After in the window."""
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["code"] == "throttled"
    assert body["detail"]
    assert isinstance(body["retry_after"], int)
    assert 1 <= body["retry_after"] <= window
    assert response["Retry-After"] == str(body["retry_after"])
