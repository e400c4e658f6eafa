"""Error reports to Sentry: on with SENTRY_DSN, wholly off without it (nothing is imported or
set up), and scrubbed of hidden tiles and secrets before any report leaves the process.

``setup()`` (from core's ready(), so in every web, worker and beat process) starts the SDK with
its Django, Celery, logging and Redis integrations; config.asgi wraps the sockets in the SDK's
ASGI middleware (``wrap_asgi``), the Channels consumers' integration. An error logged with its
traceback (``log.exception``: a socket command that failed, a task run inline) is reported too.

What a report may carry is decided here, once, over the whole serialized event (request,
headers, cookies, body, stack frames' local variables, breadcrumbs, extra data, spans), by a
rule simple enough to trust rather than a list of places to remember:

- a key that names a secret (``SECRET_STEMS``: password, token, session, cookie,
  authorization, csrf, ticket, seed, signing key ...) or tiles (``HIDDEN_KEYS``, which the
  apps that own them register: hand, boneyard ...) has its value replaced;
- every pair of whole numbers, the shape of a tile, is replaced, wherever it is (a hand in a
  local variable named anything at all);
- in text (a repr, a message, a JSON body the SDK could not parse) every ``[a, b]`` or
  ``(a, b)``, every ``Bearer``/``Token`` credential and every ``name=value`` whose name is a
  secret's is replaced.

It over-filters (any pair of numbers, a commitment under a ``seed`` key): a report loses some
detail, never a tile. A scrubber that fails drops the event (the SDK's own behaviour).
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from typing import Any

from core.version import VERSION

log = logging.getLogger(__name__)

FILTERED = "[Filtered]"

SECRET_STEMS = (
    "password",
    "passwd",
    "secret",
    "token",
    "session",
    "cookie",
    "authorization",
    "csrf",
    "xsrf",
    "api_key",
    "apikey",
    "private_key",
    "privatekey",
    "signing",
    "seed",
    "ticket",
    "credential",
    "totp",
    "recovery_code",
    "dsn",
)
SECRET_KEYS = {"auth", "key", "keys", "pwd", "otp"}

# Keys whose values are tiles; registered by the apps that own them (games: ``register_hidden
# _keys`` in its ready()), so core names no app.
HIDDEN_KEYS: set[str] = set()

_TILE_TEXT = re.compile(r"[\[(]\s*-?\d{1,3}\s*,\s*-?\d{1,3}")
_CREDENTIAL_TEXT = re.compile(r"(?i)\b(bearer|token|basic)(\s+)[A-Za-z0-9._~+/=:-]+")
_SECRET_NAME = "|".join(re.escape(s) for s in (*SECRET_STEMS, "api-key"))
_KEY_VALUE_TEXT = re.compile(
    rf"(?i)([\"']?[\w.-]*(?:{_SECRET_NAME})[\w.-]*[\"']?\s*[:=]\s*)"
    r"(\"[^\"]*\"?|'[^']*'?|[^\s&,;}\]\)]+)"
)


def register_hidden_keys(keys: Iterable[str]) -> None:
    """Treat values under these keys as hidden tiles in every report."""
    HIDDEN_KEYS.update(_normalize(k) for k in keys)


def _normalize(key: str) -> str:
    return key.strip().lower().replace("-", "_")


def secret_key(key: object) -> bool:
    """Whether a value under ``key`` is withheld from reports."""
    if not isinstance(key, str):
        return False
    k = _normalize(key)
    return k in SECRET_KEYS or k in HIDDEN_KEYS or any(stem in k for stem in SECRET_STEMS)


def _tile_like(value: list | tuple) -> bool:
    return len(value) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in value)


def scrub_text(text: str) -> str:
    """Return ``text`` without tiles, credentials and ``secret=value`` pairs."""
    text = _TILE_TEXT.sub(FILTERED, text)
    text = _CREDENTIAL_TEXT.sub(rf"\1\2{FILTERED}", text)
    return _KEY_VALUE_TEXT.sub(rf"\1{FILTERED}", text)


def scrub(value: Any) -> Any:
    """Return ``value`` (a serialized event, or any part of one) scrubbed by the rules above."""
    if isinstance(value, dict):
        return {k: FILTERED if secret_key(k) else scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        if isinstance(value, list | tuple) and _tile_like(value):
            return FILTERED
        return [scrub(v) for v in value]
    if isinstance(value, str):
        return scrub_text(value)
    if isinstance(value, bytes):
        return scrub_text(value.decode("utf-8", "replace"))
    return value


def before_send(event: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """The SDK's before_send and before_send_transaction: the whole event, scrubbed."""
    return scrub(event)


def before_breadcrumb(crumb: dict[str, Any], hint: dict[str, Any]) -> dict[str, Any]:
    """The SDK's before_breadcrumb: no SQL parameters, and the rest scrubbed (the event that
    carries it is scrubbed whole again in ``before_send``)."""
    data = crumb.get("data")
    if isinstance(data, dict):
        data.pop("params", None)
    return scrub(crumb)


def _sample_rate(raw: str) -> float:
    try:
        rate = float(raw)
    except ValueError:
        log.warning("SENTRY_TRACES_SAMPLE_RATE=%r is not a number: no traces sent", raw)
        return 0.0
    return min(max(rate, 0.0), 1.0)


def options(env: dict[str, str] | os._Environ = os.environ, **overrides: Any) -> dict[str, Any]:
    """Return ``sentry_sdk.init``'s options for this environment (the DSN may be overridden, and
    a ``transport`` given, by tests)."""
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration
    from sentry_sdk.integrations.logging import LoggingIntegration
    from sentry_sdk.integrations.redis import RedisIntegration

    opts: dict[str, Any] = {
        "dsn": env.get("SENTRY_DSN", "").strip() or None,
        "environment": env.get("SENTRY_ENVIRONMENT", "").strip() or None,
        "release": f"mexican-train@{VERSION}",
        "traces_sample_rate": _sample_rate(env.get("SENTRY_TRACES_SAMPLE_RATE", "").strip() or "0"),
        "integrations": [
            DjangoIntegration(),
            CeleryIntegration(),
            LoggingIntegration(level=logging.INFO, event_level=logging.ERROR),
            RedisIntegration(),
        ],
        "before_send": before_send,
        "before_send_transaction": before_send,
        "before_breadcrumb": before_breadcrumb,
    }
    opts.update(overrides)
    return opts


_enabled = False


def enabled() -> bool:
    """Whether this process reports errors to Sentry."""
    return _enabled


def setup(env: dict[str, str] | os._Environ = os.environ, **overrides: Any) -> bool:
    """Start the SDK when SENTRY_DSN is set (or a DSN is given); return whether it started.
    Without one nothing is imported."""
    global _enabled
    if not (env.get("SENTRY_DSN", "").strip() or overrides.get("dsn")):
        return False
    import sentry_sdk

    sentry_sdk.init(**options(env, **overrides))
    _enabled = True
    return True


def shutdown() -> None:
    """Stop reporting (tests): flush and close the client."""
    global _enabled
    if not _enabled:
        return
    import sentry_sdk

    sentry_sdk.get_client().close()
    sentry_sdk.get_global_scope().set_client(None)
    _enabled = False


def wrap_asgi(app):
    """Return ``app`` reporting the errors of its sockets, when Sentry is on; else ``app``."""
    if not _enabled:
        return app
    from sentry_sdk.integrations.asgi import SentryAsgiMiddleware

    return SentryAsgiMiddleware(app)
