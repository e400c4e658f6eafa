"""Prometheus metrics: what the platform counts, and ``GET /metrics`` to read them.

Metrics (names as exposed):

- ``mexican_train_moves_total{by}``: moves appended, ``by`` = player, bot or timeout (the
  timeout action, for a seat whose deadline passed or that was forfeited); moves/s is
  ``rate()`` of it. Counted when the move's transaction commits.
- ``mexican_train_bot_moves_total``, ``mexican_train_timeouts_applied_total``: bot turns
  played, and deadlines enforced (the timeout action applied by ``game_apply_timeout``).
- ``mexican_train_open_sockets``: WebSockets open now (summed over live processes).
- ``mexican_train_active_games``: games in play, counted in the database at scrape time.
- ``mexican_train_task_lag_seconds{task}``: from the time a Celery task was due (its ETA, or
  when it was published if it has none) to the moment a worker starts it.
- ``mexican_train_http_requests_total{method,route,status}``: HTTP requests answered, by
  method, route template (Django's ``resolver_match.route``, e.g.
  ``api/v1/games/<uuid:game_id>/moves``; ``unmatched`` for a path no route matched, so a
  scanner's paths add no series) and status class (``2xx`` .. ``5xx``);
  ``mexican_train_http_errors_total{method,route}``: those answered 5xx;
  ``mexican_train_http_request_duration_seconds{route}``: their latency (a histogram: p50/p95/
  p99 with ``histogram_quantile``). Counted by ``RequestMetricsMiddleware``.
- ``mexican_train_socket_connects_total{consumer}``, ``..._socket_disconnects_total{consumer}``,
  ``..._socket_frames_in_total{consumer}``, ``..._socket_frames_out_total{consumer}``: sockets
  accepted and ended, and frames received and sent, by consumer (``game``, ``tournament``);
  counted by ``socket_app`` around each consumer of the routing.
- ``mexican_train_event_loop_lag_seconds{process}``: how late a process's event loop woke a
  task that slept ``LOOP_LAG_INTERVAL`` (``watch_loop_lag``; ``process="web"``, started by
  ``manage.py serve``). Every
  socket frame and every HTTP request waits its turns of that one loop: a p99 growing past
  a few tens of milliseconds means the process is saturated (docs/scaling.md).
- ``mexican_train_gc_pause_seconds{process,generation}``: how long each of the interpreter's
  cyclic garbage collections stopped the process (``watch_gc_pauses``; ``process="web"``,
  started by ``manage.py serve``): a pause stops every socket of the process at once.

Several processes: with PROMETHEUS_MULTIPROC_DIR set (an empty directory per container, made
and wiped at start by deploy/docker-entrypoint.sh), prometheus_client writes each process's
values to memory-mapped files there and a scrape sums them (the socket gauge over live
processes only). A web container answers /metrics itself; a Celery worker's main process
serves its pool's files on METRICS_PORT. Prometheus scrapes every container and sums. Without
the variable (the embedded default, tests) the values live in this process.

``GET /metrics`` (and the worker's port) require ``Authorization: Bearer <METRICS_TOKEN>``
when METRICS_TOKEN is set; under the production profile without one they answer 404.
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import ipaddress
import logging
import os
import threading
import time
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler
from wsgiref.simple_server import WSGIServer
from wsgiref.simple_server import make_server

from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django.http import HttpResponse
from django.http import HttpResponseNotAllowed
from django.views.decorators.cache import never_cache
from prometheus_client import CollectorRegistry
from prometheus_client import Counter
from prometheus_client import Gauge
from prometheus_client import Histogram
from prometheus_client import make_wsgi_app
from prometheus_client import multiprocess
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import choose_encoder

from core import throttling

log = logging.getLogger(__name__)

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def multiprocess_dir() -> str | None:
    """Return the multiprocess directory, or None when values live in this process."""
    return os.environ.get(MULTIPROC_ENV, "").strip() or None


if multiprocess_dir():  # a value file is opened as each metric below is made
    os.makedirs(multiprocess_dir(), exist_ok=True)

# This process's metrics. In multiprocess mode they are read back from the files instead.
REGISTRY = CollectorRegistry()

MOVE_KINDS = ("player", "bot", "timeout")
MOVES = Counter(
    "mexican_train_moves",
    "Moves appended to games, by who chose them (player, bot, timeout).",
    ["by"],
    registry=REGISTRY,
)
BOT_MOVES = Counter("mexican_train_bot_moves", "Turns played by bots.", registry=REGISTRY)
TIMEOUTS_APPLIED = Counter(
    "mexican_train_timeouts_applied",
    "Expired deadlines enforced with the timeout action.",
    registry=REGISTRY,
)
OPEN_SOCKETS = Gauge(
    "mexican_train_open_sockets",
    "WebSocket connections open now.",
    multiprocess_mode="livesum",
    registry=REGISTRY,
)
TASK_LAG = Histogram(
    "mexican_train_task_lag_seconds",
    "Seconds from when a Celery task was due (ETA, else published) to when a worker started it.",
    ["task"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300),
    registry=REGISTRY,
)
for _kind in MOVE_KINDS:  # every series exists from the start, so rate() sees the first move
    MOVES.labels(by=_kind)

HTTP_REQUESTS = Counter(
    "mexican_train_http_requests",
    "HTTP requests answered, by method, route template and status class.",
    ["method", "route", "status"],
    registry=REGISTRY,
)
HTTP_ERRORS = Counter(
    "mexican_train_http_errors",
    "HTTP requests answered with a server error (5xx), by method and route template.",
    ["method", "route"],
    registry=REGISTRY,
)
HTTP_DURATION = Histogram(
    "mexican_train_http_request_duration_seconds",
    "Seconds from a request reaching the platform's middleware to its answer, by route template.",
    ["route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
    registry=REGISTRY,
)
SOCKET_CONNECTS = Counter(
    "mexican_train_socket_connects",
    "WebSocket connections accepted, by consumer.",
    ["consumer"],
    registry=REGISTRY,
)
SOCKET_DISCONNECTS = Counter(
    "mexican_train_socket_disconnects",
    "WebSocket connections ended, by consumer.",
    ["consumer"],
    registry=REGISTRY,
)
SOCKET_FRAMES_IN = Counter(
    "mexican_train_socket_frames_in",
    "WebSocket frames received from clients, by consumer.",
    ["consumer"],
    registry=REGISTRY,
)
SOCKET_FRAMES_OUT = Counter(
    "mexican_train_socket_frames_out",
    "WebSocket frames sent to clients, by consumer.",
    ["consumer"],
    registry=REGISTRY,
)
LOOP_LAG = Histogram(
    "mexican_train_event_loop_lag_seconds",
    "Seconds a process's event loop woke a sleeping task late, by kind of process.",
    # Labelled, so that a process that never watches its loop (a worker, beat) writes no empty
    # series of it: an unlabelled histogram has its values from import on, in every process.
    ["process"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
    registry=REGISTRY,
)
LOOP_LAG_INTERVAL = 0.25  # seconds between two looks
GC_PAUSE = Histogram(
    "mexican_train_gc_pause_seconds",
    "Seconds the interpreter's cyclic garbage collector stopped a process, by kind of process "
    "and generation collected.",
    ["process", "generation"],
    buckets=(0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1),
    registry=REGISTRY,
)

UNMATCHED_ROUTE = "unmatched"
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def route_of(request: HttpRequest) -> str:
    """Return the route template that answered ``request`` (``api/v1/games/<uuid:game_id>``),
    never its path: one series per route, however many games. ``unmatched`` when no route
    matched (a 404, a probe, a static file)."""
    match = getattr(request, "resolver_match", None)
    route = getattr(match, "route", None) if match is not None else None
    return route or UNMATCHED_ROUTE


def status_class(status: int) -> str:
    return f"{status // 100}xx" if 100 <= status < 600 else "other"


def request_answered(request: HttpRequest, status: int, seconds: float) -> None:
    """Count one answered HTTP request."""
    method = request.method if request.method in HTTP_METHODS else "other"
    route = route_of(request)
    HTTP_REQUESTS.labels(method=method, route=route, status=status_class(status)).inc()
    if status >= 500:
        HTTP_ERRORS.labels(method=method, route=route).inc()
    HTTP_DURATION.labels(route=route).observe(seconds)


class RequestMetricsMiddleware:
    """Count every request Django routes: rate, errors and latency by route template (an
    exception has become a 500 response by the time it gets here)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        request_answered(request, response.status_code, time.perf_counter() - started)
        return response


def socket_app(app, consumer: str):
    """Return the ASGI application ``app`` (a consumer's ``as_asgi()``) counting its sockets'
    connects, disconnects and frames in and out under the label ``consumer``."""
    connects = SOCKET_CONNECTS.labels(consumer=consumer)
    disconnects = SOCKET_DISCONNECTS.labels(consumer=consumer)
    frames_in = SOCKET_FRAMES_IN.labels(consumer=consumer)
    frames_out = SOCKET_FRAMES_OUT.labels(consumer=consumer)

    async def counted(scope, receive, send):
        if scope.get("type") != "websocket":
            return await app(scope, receive, send)
        accepted = False

        async def counting_receive():
            message = await receive()
            if message.get("type") == "websocket.receive":
                frames_in.inc()
            return message

        async def counting_send(message):
            nonlocal accepted
            kind = message.get("type")
            if kind == "websocket.send":
                frames_out.inc()
            elif kind == "websocket.accept" and not accepted:
                accepted = True
                connects.inc()
            await send(message)

        try:
            return await app(scope, counting_receive, counting_send)
        finally:
            if accepted:
                disconnects.inc()

    return counted


# -- instrumentation points (one call each in the code they count) ----------------------------


async def watch_loop_lag(process: str, interval: float = LOOP_LAG_INTERVAL) -> None:
    """Observe, every ``interval`` seconds for as long as it runs, how late the running event
    loop woke this task from its sleep (LOOP_LAG, labelled ``process``)."""
    lag = LOOP_LAG.labels(process=process)
    while True:
        asleep = time.monotonic()
        await asyncio.sleep(interval)
        lag.observe(max(0.0, time.monotonic() - asleep - interval))


def watch_gc_pauses(process: str) -> Callable[[str, dict], None]:
    """Observe every cyclic garbage collection of this process from now on (GC_PAUSE, labelled
    ``process`` and the generation): a full collection stops every thread, each socket's
    frames included, for as long as it scans. Return the callback (``gc.callbacks`` holds it;
    remove it from there to stop)."""
    pauses = {g: GC_PAUSE.labels(process=process, generation=str(g)) for g in range(3)}
    began = [0.0]

    def on_collection(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.perf_counter()
        else:
            pauses[info["generation"]].observe(time.perf_counter() - began[0])

    gc.callbacks.append(on_collection)
    return on_collection


def _count_move(by: str) -> None:
    MOVES.labels(by=by).inc()
    if by == "bot":
        BOT_MOVES.inc()


def move_made(by: str) -> None:
    """Count one move appended by ``by`` (player, bot or timeout) when its transaction commits;
    a rolled-back move is not counted."""
    transaction.on_commit(lambda: _count_move(by), robust=True)


def _count_timeout() -> None:
    _count_move("timeout")
    TIMEOUTS_APPLIED.inc()


def timeout_applied() -> None:
    """Count one enforced deadline (a timeout move) when its transaction commits."""
    transaction.on_commit(_count_timeout, robust=True)


def socket_opened(consumer: Any) -> None:
    """Count ``consumer``'s socket as open (once, however often it is called)."""
    if not getattr(consumer, "_metrics_socket_open", False):
        consumer._metrics_socket_open = True
        OPEN_SOCKETS.inc()


def socket_closed(consumer: Any) -> None:
    """Count ``consumer``'s socket as closed, if it was counted open."""
    if getattr(consumer, "_metrics_socket_open", False):
        consumer._metrics_socket_open = False
        OPEN_SOCKETS.dec()


# -- Celery: task lag -------------------------------------------------------------------------

# Set on every message as it is published (epoch seconds): a task without an ETA was due then.
PUBLISHED_AT_HEADER = "mexican_train_published_at"


def stamp_published_at(sender=None, headers: dict | None = None, **kwargs) -> None:
    """before_task_publish: record when the message left, in a header of its own."""
    if isinstance(headers, dict):
        headers.setdefault(PUBLISHED_AT_HEADER, time.time())


def _epoch(value: Any) -> float | None:
    """Return epoch seconds for an ETA (ISO 8601 string or datetime; naive means UTC)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return None
    if isinstance(value, datetime):
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value.timestamp()
    return None


def task_lag_seconds(request: Any, now: float) -> float | None:
    """Return how late a task starts at ``now``: after its ETA if it has one, else after it was
    published; None for a task run in-process (eager), which was never queued."""
    if request is None or getattr(request, "is_eager", False):
        return None
    due = _epoch(getattr(request, "eta", None))
    if due is None:
        published = getattr(request, PUBLISHED_AT_HEADER, None)
        if published is None:
            published = (getattr(request, "headers", None) or {}).get(PUBLISHED_AT_HEADER)
        if not isinstance(published, int | float):
            return None
        due = float(published)
    return max(0.0, now - due)


def observe_task_lag(sender=None, task=None, **kwargs) -> None:
    """task_prerun: observe the lag of the task about to run."""
    lag = task_lag_seconds(getattr(task, "request", None), time.time())
    if lag is not None:
        TASK_LAG.labels(task=getattr(task, "name", None) or "unknown").observe(lag)


def _mark_process_dead(**kwargs) -> None:
    """worker_process_shutdown: drop the exiting pool process's live gauges."""
    if multiprocess_dir():
        multiprocess.mark_process_dead(os.getpid())


def _start_worker_exporter(**kwargs) -> None:
    """worker_ready: serve the worker's metrics on METRICS_PORT, if set."""
    port = os.environ.get("METRICS_PORT", "").strip()
    if port:
        serve_metrics(int(port))


def connect_signals() -> None:
    """Connect the Celery signal handlers (called once, from the core app's ready())."""
    from celery import signals

    signals.before_task_publish.connect(
        stamp_published_at, weak=False, dispatch_uid="core.metrics.published_at"
    )
    signals.task_prerun.connect(observe_task_lag, weak=False, dispatch_uid="core.metrics.lag")
    signals.worker_process_shutdown.connect(
        _mark_process_dead, weak=False, dispatch_uid="core.metrics.dead"
    )
    signals.worker_ready.connect(
        _start_worker_exporter, weak=False, dispatch_uid="core.metrics.exporter"
    )


# -- exposition --------------------------------------------------------------------------------


class _ThisProcess:
    """Collect this process's metrics into another registry."""

    def collect(self):
        return REGISTRY.collect()


# Gauges counted when /metrics is scraped (from the database, say), registered by the apps that
# own what they count (games: mexican_train_active_games): core names no app above it.
_SCRAPED: dict[str, tuple[str, Callable[[], float]]] = {}


def register_scraped_gauge(name: str, documentation: str, value: Callable[[], float]) -> None:
    """Serve gauge ``name`` on the web process's /metrics, its value read by ``value()`` at each
    scrape (a failure of it leaves that gauge out, logged, and serves the rest)."""
    _SCRAPED[name] = (documentation, value)


class ScrapedGaugesCollector:
    """The registered scrape-time gauges."""

    def collect(self):
        for name, (documentation, value) in _SCRAPED.items():
            try:
                current = value()
            except Exception:  # the database is down or the pool is exhausted: report the rest
                log.warning("reading %s for /metrics failed", name, exc_info=True)
                continue
            yield GaugeMetricFamily(name, documentation, value=current)


def exposition_registry(*, scraped: bool = True) -> CollectorRegistry:
    """Return a registry that collects every process's values (multiprocess mode) or this
    process's, plus the registered scrape-time gauges when ``scraped``."""
    registry = CollectorRegistry()
    path = multiprocess_dir()
    if path:
        multiprocess.MultiProcessCollector(registry, path=path)
    else:
        registry.register(_ThisProcess())
    if scraped:
        registry.register(ScrapedGaugesCollector())
    return registry


def enabled() -> bool:
    """Whether metrics are served: always with a token; without one only outside production."""
    return bool(settings.METRICS_TOKEN) or not settings.METRICS_REQUIRE_TOKEN


METRICS_OFF = b"metrics are off: METRICS_TOKEN is not set\n"


def loopback(address: str | None) -> bool:
    """Whether a client address is this machine's (127.0.0.0/8, ::1)."""
    try:
        return ipaddress.ip_address((address or "").split("%")[0]).is_loopback
    except ValueError:
        return False


METRICS_LOCAL_ONLY = b"metrics without METRICS_TOKEN are served to this machine only\n"


def authorized(header: str | None) -> bool:
    """Whether an Authorization header may read the metrics (any, when no METRICS_TOKEN: the
    caller must then be on this machine, see ``local_or_token``)."""
    token = settings.METRICS_TOKEN
    if not token:
        return True
    return hmac.compare_digest((header or "").encode(), f"Bearer {token}".encode())


def local_or_token(address: str | None) -> bool:
    """Without METRICS_TOKEN, only a caller on this machine reads the metrics: a server
    listening beyond loopback (``serve --host 0.0.0.0``, a worker's METRICS_PORT) must not show
    its counters to the network."""
    return bool(settings.METRICS_TOKEN) or loopback(address)


@never_cache
def metrics_view(request: HttpRequest):
    """``GET /metrics``: the Prometheus text exposition format."""
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    if not enabled():  # production without a token: nothing to authorize against
        return HttpResponse(METRICS_OFF, status=404, content_type="text/plain")
    if not local_or_token(throttling.client_address(request)):
        return HttpResponse(METRICS_LOCAL_ONLY, status=404, content_type="text/plain")
    if not authorized(request.headers.get("Authorization")):
        response = HttpResponse("metrics token required\n", status=401, content_type="text/plain")
        response["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return response
    # The classic text format, or OpenMetrics when the scraper's Accept asks for it.
    encode, content_type = choose_encoder(request.headers.get("Accept", ""))
    return HttpResponse(encode(exposition_registry()), content_type=content_type)


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format, *args):
        """Log nothing: a scrape every few seconds is not worth a line."""


def serve_metrics(port: int, addr: str = "0.0.0.0") -> WSGIServer:
    """Serve this process group's metrics over HTTP from a daemon thread, for Celery workers,
    which answer no HTTP otherwise: ``/healthz`` (200, no token) and the metrics on any other
    path. Return the server (``.shutdown()`` stops it)."""
    app = make_wsgi_app(exposition_registry(scraped=False))

    def protected(environ, start_response):
        if environ.get("PATH_INFO") == "/healthz":  # the liveness probe: no token, no work
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok\n"]
        if not enabled():
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [METRICS_OFF]
        if not local_or_token(environ.get("REMOTE_ADDR")):
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [METRICS_LOCAL_ONLY]
        if not authorized(environ.get("HTTP_AUTHORIZATION")):
            start_response(
                "401 Unauthorized",
                [("Content-Type", "text/plain"), ("WWW-Authenticate", 'Bearer realm="metrics"')],
            )
            return [b"metrics token required\n"]
        return app(environ, start_response)

    server = make_server(
        addr, port, protected, server_class=_ThreadingServer, handler_class=_QuietHandler
    )
    threading.Thread(target=server.serve_forever, name="metrics-exporter", daemon=True).start()
    log.info("serving metrics on %s:%s", addr, server.server_port)
    return server
