"""Log records as JSON lines (LOG_FORMAT=json) and a request id to follow one request through
the proxy's and the platform's logs.

``config.settings`` builds LOGGING from ``logging_config``: one stdout handler on the root
logger, human-readable by default, one JSON object per line in production, where the log
collector reads the container's stdout.
"""

from __future__ import annotations

import contextvars
import json
import logging
import random
import re
from datetime import UTC
from datetime import datetime

REQUEST_ID_HEADER = "X-Request-ID"
# A request's id is made here, always: it travels into the socket frames the request causes,
# which every viewer of the table reads, so it must not be a text the client chose (a proxy in
# front may pass on the header a client sent). The proxy's own id (nginx's $request_id), when
# well formed, goes on the request's log records as ``proxy_request_id``; anything else in the
# header is dropped, so a log line never carries arbitrary input.
_VALID_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")

_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)
_proxy_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "proxy_request_id", default=None
)

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

# The Celery message header carrying the request id of the request (or socket command) whose
# work published the task; the worker binds it while the task runs (``connect_signals``).
TASK_HEADER = "mexican_train_request_id"


def current_request_id() -> str | None:
    """Return the id of the request (or socket command, or task) being handled, if any."""
    return _request_id.get()


_IDS = random.Random()  # seeded from os.urandom


def new_request_id() -> str:
    """Return a fresh request id (an HTTP request's, a socket command's): 128 random bits as
    32 hex digits, from a generator seeded once by the system. An id names a request in the
    logs and guards nothing; ``uuid.uuid4`` asked the system each time, a call that leaves
    the GIL, and a socket's command on the busy event loop then waited to get it back."""
    return f"{_IDS.getrandbits(128):032x}"


def bind_request_id(value: str | None) -> contextvars.Token:
    """Make ``value`` the current request id; pass the token to ``unbind_request_id``."""
    return _request_id.set(value)


def unbind_request_id(token: contextvars.Token) -> None:
    _request_id.reset(token)


def valid_request_id(value: object) -> str | None:
    """Return ``value`` if it is a well-formed request id, else None (a header from a message
    is input like any other)."""
    return value if isinstance(value, str) and _VALID_REQUEST_ID.fullmatch(value) else None


def stamp_task_request_id(sender=None, headers: dict | None = None, **kwargs) -> None:
    """before_task_publish: put the current request id on the message. ``core.tasks`` sends
    from its publisher thread inside a copy of the submitter's context, so this is the id of
    the request that scheduled the task."""
    request_id = _request_id.get()
    if request_id and isinstance(headers, dict):
        headers.setdefault(TASK_HEADER, request_id)


def _task_request_id(task) -> str | None:
    request = getattr(task, "request", None)
    if request is None:
        return None
    value = getattr(request, TASK_HEADER, None)
    if value is None:
        value = (getattr(request, "headers", None) or {}).get(TASK_HEADER)
    return valid_request_id(value)


def bind_task_request_id(sender=None, task=None, **kwargs) -> None:
    """task_prerun: the task runs under the request id it was published with (its log records
    and the socket frames its moves cause carry it), or none."""
    request = getattr(task, "request", None)
    if request is None or getattr(request, "is_eager", False):
        return  # run in the caller's thread: its id is current already
    token = _request_id.set(_task_request_id(task))
    try:
        request._request_id_token = token
    except AttributeError:
        _request_id.reset(token)


def unbind_task_request_id(sender=None, task=None, **kwargs) -> None:
    """task_postrun: back to no request id."""
    request = getattr(task, "request", None)
    token = getattr(request, "_request_id_token", None)
    if token is not None:
        request._request_id_token = None
        try:
            _request_id.reset(token)
        except ValueError:  # set in another context (never under the solo or prefork pool)
            _request_id.set(None)


def connect_signals() -> None:
    """Connect the Celery handlers carrying request ids into tasks (from core's ready())."""
    from celery import signals

    signals.before_task_publish.connect(
        stamp_task_request_id, weak=False, dispatch_uid="core.logging.request_id"
    )
    signals.task_prerun.connect(
        bind_task_request_id, weak=False, dispatch_uid="core.logging.bind_request_id"
    )
    signals.task_postrun.connect(
        unbind_task_request_id, weak=False, dispatch_uid="core.logging.unbind_request_id"
    )


class RequestIdFilter(logging.Filter):
    """Put the current request id (or None) on every record as ``request_id``, and the id the
    proxy gave the request, if any, as ``proxy_request_id``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = _request_id.get()
        if not hasattr(record, "proxy_request_id"):
            record.proxy_request_id = _proxy_request_id.get()
        return True


class QueryStringFilter(logging.Filter):
    """Cut the query string off the request path in uvicorn's request lines: the access log's
    ``%s - "%s %s HTTP/%s" %d`` and the WebSocket handshake's ``%s - "WebSocket %s" ...``
    (logged on ``uvicorn.error`` whatever the access log setting). A socket ticket travels as
    ``?ticket=``; a log line must not carry it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (
            isinstance(record.msg, str)
            and '%s - "' in record.msg
            and isinstance(record.args, tuple)
        ):
            record.args = tuple(
                arg.split("?", 1)[0] if isinstance(arg, str) and arg.startswith("/") else arg
                for arg in record.args
            )
        return True


class JsonFormatter(logging.Formatter):
    """Format a record as one JSON object on one line.

    Keys: ``time`` (UTC, ISO 8601 with milliseconds), ``level``, ``logger``, ``message``, then
    ``request_id``, ``exc_info`` (the formatted traceback) and ``stack_info`` when present.
    """

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = getattr(record, "request_id", None)
        if request_id:
            entry["request_id"] = request_id
        proxy_request_id = getattr(record, "proxy_request_id", None)
        if proxy_request_id:
            entry["proxy_request_id"] = proxy_request_id
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        elif record.exc_text:
            entry["exc_info"] = record.exc_text
        if record.stack_info:
            entry["stack_info"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


# The channel layer's receive loop (a traceback each second while Redis is away), beat's failed
# sends (a traceback each), the worker's reconnects (two lines each attempt), kombu's failed
# acknowledgements (a traceback each), the database pool's reconnects (a line each attempt).
OUTAGE_NOISY_LOGGERS = (
    "channels_redis.pubsub",
    "celery.beat",
    "celery.worker.consumer.consumer",
    "kombu.message",
    "psycopg.pool",
)


def logging_config(log_format: str, level: str = "INFO") -> dict:
    """Return Django's LOGGING: the root logger to stdout, as text or (``json``) JSON lines.

    Django's own loggers propagate to the root instead of keeping their DEBUG-only console
    handler, so errors (``django.request``) reach stdout with DEBUG off too, once.
    """
    formatter = "json" if log_format == "json" else "text"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {
            "request_id": {"()": "core.logging.RequestIdFilter"},
            "query_string": {"()": "core.logging.QueryStringFilter"},
            "once_per_interval": {"()": "core.outages.OncePerInterval"},
            # A task's acknowledgement lost with the broker connection (one traceback per task
            # running then); the logger's other records (a task handler's error) pass whole.
            "lost_acks": {
                "()": "core.outages.OncePerInterval",
                "only": ["Couldn't ack", "Couldn't reject"],
            },
        },
        "formatters": {
            "text": {"format": TEXT_FORMAT},
            "json": {"()": "core.logging.JsonFormatter"},
        },
        "handlers": {
            "stdout": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stdout",
                "formatter": formatter,
                "filters": ["request_id"],
            }
        },
        "root": {"handlers": ["stdout"], "level": level},
        "loggers": {
            "django": {"handlers": [], "level": level, "propagate": True},
            "django.server": {"handlers": [], "level": level, "propagate": True},
            # On the loggers, not a handler: uvicorn's text configuration (manage.py serve)
            # replaces their handlers and keeps their filters.
            "uvicorn.access": {"filters": ["query_string"]},
            "uvicorn.error": {"filters": ["query_string"]},
            # What libraries log, again and again, while Redis or PostgreSQL is away: one line
            # an interval each (core.outages), not a traceback a second per connection.
            **{name: {"filters": ["once_per_interval"]} for name in OUTAGE_NOISY_LOGGERS},
            "celery.worker.request": {"filters": ["lost_acks"]},
        },
    }


class RequestIdMiddleware:
    """Give each HTTP request an id of the platform's own. Log records made while handling it
    carry it (and the proxy's ``X-Request-ID``, when well formed, as ``proxy_request_id``); the
    response returns it in ``X-Request-ID``, which the proxy's access log records beside its
    own (deploy/nginx.conf)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        incoming = request.headers.get(REQUEST_ID_HEADER, "")
        proxy_request_id = incoming if _VALID_REQUEST_ID.fullmatch(incoming) else None
        request_id = new_request_id()
        request.request_id = request_id
        token = _request_id.set(request_id)
        proxy_token = _proxy_request_id.set(proxy_request_id)
        try:
            response = self.get_response(request)
        finally:
            _request_id.reset(token)
            _proxy_request_id.reset(proxy_token)
        response[REQUEST_ID_HEADER] = request_id
        return response
