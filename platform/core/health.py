"""Liveness and readiness: ``GET /healthz`` and ``GET /readyz``.

- ``/healthz`` says the process answers HTTP (and the platform's version); it touches nothing
  else, so an outage of PostgreSQL or Redis never gets healthy web processes restarted (it is
  the liveness probe).
- ``/readyz`` runs ``SELECT 1`` on the database and, when REDIS_URL is set, pings Redis (and
  each other Redis of CHANNEL_REDIS_URLS), each bounded by a short timeout: 200 when all
  pass, else 503 naming the failed check (it is the readiness probe: a process that cannot
  reach them gets no traffic until it can).

``ProbeMiddleware`` answers these paths and ``/metrics`` before anything else runs: the
kubelet, Docker and Prometheus address a pod by its IP, which is not in ALLOWED_HOSTS, over
plain HTTP, which the HTTPS redirect would otherwise bounce.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS
from django.db import connections
from django.http import HttpRequest
from django.http import HttpResponseNotAllowed
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

from core.version import VERSION

log = logging.getLogger(__name__)

# Seconds each readiness check may take. libpq rounds a connect timeout below 2 s up to 2 s.
DATABASE_TIMEOUT = 2
REDIS_TIMEOUT = 1.0


def database_params(alias: str = DEFAULT_DB_ALIAS) -> dict[str, Any]:
    """Return the psycopg connection parameters of a PostgreSQL alias (tests patch this)."""
    return connections[alias].get_connection_params()


def check_database(alias: str = DEFAULT_DB_ALIAS) -> None:
    """Run ``SELECT 1`` on the database; raise if it cannot answer within the timeout.

    PostgreSQL is reached on a connection of its own, not from the pool: a pool waits up to
    its own timeout (10 s) for a connection, longer than a probe may take.
    """
    connection = connections[alias]
    if connection.vendor == "postgresql":
        import psycopg

        params = {**database_params(alias), "connect_timeout": DATABASE_TIMEOUT}
        with psycopg.connect(**params) as conn:
            conn.execute(f"SET statement_timeout = {int(DATABASE_TIMEOUT * 1000)}")
            conn.execute("SELECT 1").fetchone()
        return
    with connection.cursor() as cursor:  # SQLite: a local file, nothing to wait for
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_redis(url: str | None = None) -> None:
    """PING Redis at ``url`` (default REDIS_URL); raise if it does not answer in time."""
    import redis

    client = redis.Redis.from_url(
        url or settings.REDIS_URL,
        socket_connect_timeout=REDIS_TIMEOUT,
        socket_timeout=REDIS_TIMEOUT,
    )
    try:
        if not client.ping():
            raise ConnectionError("Redis did not answer PONG")
    finally:
        client.close()


def readiness_checks() -> dict[str, Callable[[], None]]:
    """Return the checks /readyz runs, by name: the database, Redis when configured, and each
    Redis of a sharded channel layer (CHANNEL_REDIS_URLS) other than REDIS_URL's, named by its
    place in the list (``channel_redis_2``): a socket whose group lives on one that is down
    hears nothing, as it would with REDIS_URL down."""
    checks: dict[str, Callable[[], None]] = {"database": check_database}
    if settings.REDIS_URL:
        checks["redis"] = check_redis
    for place, url in enumerate(settings.CHANNEL_REDIS_URLS, 1):
        if url != settings.REDIS_URL:
            checks[f"channel_redis_{place}"] = partial(check_redis, url)
    return checks


def run_checks(checks: dict[str, Callable[[], None]]) -> tuple[bool, dict[str, dict]]:
    """Run each check; return whether all passed and, per check, its outcome and duration.

    A failure is reported by exception class only: the full message (host names, ports) goes
    to the log, not to whoever can reach the endpoint.
    """
    results: dict[str, dict] = {}
    for name, check in checks.items():
        started = time.perf_counter()
        try:
            check()
        except Exception as exc:  # noqa: BLE001 — any failure means "not ready"
            log.warning("readiness check %s failed: %r", name, exc)
            results[name] = {"ok": False, "error": type(exc).__name__}
        else:
            results[name] = {"ok": True}
        results[name]["ms"] = round((time.perf_counter() - started) * 1000, 1)
    return all(r["ok"] for r in results.values()), results


@never_cache
def healthz(request: HttpRequest):
    """Answer 200 while the process can answer at all (no dependency is consulted)."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    return JsonResponse({"status": "ok", "version": VERSION})


@never_cache
def readyz(request: HttpRequest):
    """Answer 200 when the database (and Redis, if configured) answer, else 503 naming the
    failed checks."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    ok, results = run_checks(readiness_checks())
    body = {"status": "ok" if ok else "unavailable", "checks": results}
    if not ok:
        body["failed"] = [name for name, result in results.items() if not result["ok"]]
    return JsonResponse(body, status=200 if ok else 503)


class ProbeMiddleware:
    """Serve /healthz, /readyz and /metrics ahead of the rest of the middleware.

    Probes and scrapers come by pod IP and plain HTTP: ahead of host validation (CommonMiddleware
    reads the host), the HTTPS redirect, sessions and CSRF, they get the endpoint itself. Place
    it first in MIDDLEWARE.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        from core import metrics

        self.views = {"/healthz": healthz, "/readyz": readyz, "/metrics": metrics.metrics_view}

    def __call__(self, request):
        view = self.views.get(request.path_info)
        if view is not None:
            return view(request)
        return self.get_response(request)
