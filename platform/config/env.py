"""Reading the environment: one function a setting (or a group of them) that turns variables
into Django's settings, refusing what it cannot use with ImproperlyConfigured. Kept apart from
config.settings so that the tests (and tools) call them with an environment of their own, and
so that settings.py reads as the list of what is set.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs
from urllib.parse import unquote
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.pool import returned

# <repo>/platform/config/env.py -> <repo>
BASE_DIR = Path(__file__).resolve().parents[2]

TRUE_WORDS = {"1", "true", "yes", "on"}


def env_flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    """Read a boolean flag such as DJANGO_DEBUG=1 / 0 from the environment."""
    value = env.get(name, "").strip().lower()
    if not value:
        return default
    return value in TRUE_WORDS


def env_list(env: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    """Read a comma-separated list from the environment."""
    value = env.get(name, "").strip()
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


# The embedded SQLite serves concurrent requests and the task thread from one file. WAL: readers
# never wait for the writer, nor the writer for them. IMMEDIATE: a transaction takes the write
# lock when it begins, so a second writer waits for it (up to ``timeout`` seconds, SQLite's busy
# handler) instead of failing at once with "database is locked" when its read lock cannot be
# upgraded (a DEFERRED transaction does not wait: that would deadlock). synchronous stays FULL:
# an acknowledged move survives a power cut. 6 tables of 2 people and 2 bots, 25 s
# (tests/platform/test_sqlite_embedded.py): before, 38 of 406 moves 503 and a bot turn waited
# 26 s for the sweeper; now 0 of 790-990 moves, the longest bot turn 0.3-0.9 s.
SQLITE_OPTIONS = {
    "init_command": "PRAGMA journal_mode=WAL",
    "transaction_mode": "IMMEDIATE",
    "timeout": 10,
}


def reset_pooled_session(conn) -> None:
    """psycopg_pool's ``reset``: a connection given back to the pool leaves the append-only
    tables' guard as a new session has it. A session that set ``eventstore.maintenance`` (a
    flush, a restore) would otherwise hand a later request a connection on which the owner's
    TRUNCATE of the event log passes the trigger (seen in the tests: a test of the trigger met
    the setting a flush had left on a pooled connection). The pool passes the connection idle
    and wants it back idle."""
    conn.execute("RESET eventstore.maintenance")
    if not conn.autocommit:
        conn.commit()
    returned(conn)  # it answered just now: lent again soon, it needs no check (config.pool)


def database_from_env(env: Mapping[str, str], base_dir: Path = BASE_DIR) -> dict:
    """Return the default DATABASES entry: DATABASE_URL if set, else the embedded SQLite.

    DJANGO_SQLITE_PATH moves the embedded database file (tests use it to stay out of var/).
    """
    url = env.get("DATABASE_URL", "").strip()
    if url:
        db = dj_database_url.parse(url, conn_max_age=0, conn_health_checks=True)
        postgresql = db["ENGINE"] == "django.db.backends.postgresql"
        if postgresql and env_flag(env, "DATABASE_POOL", True):
            # Django's backend, lending pooled connections without a round trip to check one
            # that was given back a moment ago (config.postgresql, config.pool).
            db["ENGINE"] = "config.postgresql"
            # A pool per process instead of a new connection per request (the ASGI handler
            # runs each request in a thread of its own). DATABASE_POOL=0 turns it off, e.g.
            # behind PgBouncer.
            # reconnect_timeout: psycopg_pool retries a lost server with a doubling backoff
            # until this many seconds; after that a request starts a fresh attempt. Its default
            # (300 s) let the backoff grow to 16-32 s, so after an outage the platform stayed
            # 503 for 23 s once PostgreSQL was back (tests/hardening/test_faults.py); 5 s: 1.8 s.
            db.setdefault("OPTIONS", {})["pool"] = {
                "min_size": 2,
                "max_size": 20,
                "timeout": 10,
                "reconnect_timeout": 5,
                "reset": reset_pooled_session,
            }
        if postgresql and env_flag(env, "DATABASE_PREPARED", True):
            # Server-side binding, and psycopg prepares a statement a connection has run
            # prepare_threshold times (Django turns preparing off unless asked): a move's few
            # statements are parsed and planned once per pooled connection, not on every
            # move. DATABASE_PREPARED=0 behind a proxy that cannot keep prepared statements
            # (PgBouncer in transaction mode before 1.21).
            db.setdefault("OPTIONS", {}).update(server_side_binding=True, prepare_threshold=5)
        return db
    path = env.get("DJANGO_SQLITE_PATH", "").strip() or str(base_dir / "var" / "db.sqlite3")
    return {"ENGINE": "django.db.backends.sqlite3", "NAME": path, "OPTIONS": dict(SQLITE_OPTIONS)}


def require_env(env: Mapping[str, str], name: str, why: str) -> str:
    """Return a variable the production profile cannot run without; refuse to start without it."""
    value = env.get(name, "").strip()
    if not value:
        raise ImproperlyConfigured(f"{name} must be set when DJANGO_PROFILE=production: {why}")
    return value


# What marks a value as one published with the platform (deploy/k8s/secret.yaml, the
# .env.example files, the docs, the old built-in default): a secret holding one was copied, not
# generated, and anyone who read the repository holds it too.
EXAMPLE_MARKS = ("example", "change-me", "changeme", "replace", "placeholder", "insecure")


def published_secret(value: str) -> bool:
    """Whether ``value`` is an example published with the platform, or too plain to be secret
    (fewer than 8 distinct characters: ``x`` * 60, a seed of zeros)."""
    low = value.lower()
    return any(mark in low for mark in EXAMPLE_MARKS) or len(set(value)) < 8


def refuse_published(name: str, value: str) -> None:
    """Refuse to start (production) with a secret that anyone who read the repository has."""
    if value and published_secret(value):
        raise ImproperlyConfigured(
            f"{name} is an example published with the platform, or too plain to be secret: "
            "generate one (`python -c 'import secrets; print(secrets.token_urlsafe(50))'`; "
            "for SIGNING_KEY `manage.py generate_signing_key`)"
        )


# channels-redis waits for a socket's messages with a blocking pop of 5 s; redis-py 8 gives
# every connection a 5 s socket timeout by default, so an idle socket's wait could time out
# and crash its consumer. The socket timeout must outlast the blocking pop.
CHANNEL_LAYER_SOCKET_TIMEOUT = 15


def redis_host(redis_url: str) -> dict:
    """Return a channels-redis host entry for ``redis_url``."""
    return {"address": redis_url, "socket_timeout": CHANNEL_LAYER_SOCKET_TIMEOUT}


REDIS_SCHEMES = ("redis", "rediss", "unix")


def _redis_url_problem(url: str) -> str | None:
    """Say what is wrong with ``url`` as a redis-py URL, or None. The URL itself is not quoted:
    it may hold a password."""
    try:
        parts = urlsplit(url)
    except ValueError as exc:
        return f"it does not parse ({exc})"
    try:
        parts.port  # noqa: B018 — urlsplit reads the port only when asked
    except ValueError:
        return "its port must be a number from 0 to 65535"
    if not parts.scheme:
        return "it must start redis://, rediss:// or unix://"
    if parts.scheme not in REDIS_SCHEMES:
        return f"it must start redis://, rediss:// or unix://, not {parts.scheme}://"
    if parts.scheme == "unix":
        return None if parts.path else "unix:// needs the socket's path"
    if not parts.hostname:
        return "it names no host"
    database = parts.path.lstrip("/")
    if database and not database.isdigit():
        return f"its database must be a number, not {database!r}"
    return None


def redis_urls_from_env(env: Mapping[str, str], name: str = "CHANNEL_REDIS_URLS") -> list[str]:
    """Read a comma-separated list of Redis URLs; [] when unset or blank.

    Refused at startup, in one line naming the item by its place (not its text, which may hold
    a password): anything but redis://, rediss:// or unix:// URLs with a host (a path), a
    number for a port and a database; an empty item between commas; a URL listed twice (it
    would take two shares of the hash ring, and is a typo more often than not).
    """
    value = env.get(name, "").strip()
    if not value:
        return []
    items = [item.strip() for item in value.split(",")]
    if items and not items[-1]:
        items.pop()  # a trailing comma
    urls: list[str] = []
    for place, url in enumerate(items, 1):
        if not url:
            problem = "it is empty (two commas in a row?)"
        elif url in urls:
            problem = f"it repeats item {urls.index(url) + 1}"
        else:
            problem = _redis_url_problem(url)
        if problem:
            raise ImproperlyConfigured(
                f"{name} item {place} of {len(items)} is not a Redis URL: {problem}; "
                "give comma-separated redis://host:port/db URLs"
            )
        urls.append(url)
    return urls


CHANNEL_LAYER_KINDS = ("pubsub", "queues")


def channel_layers_from_env(
    redis_urls: str | Sequence[str], kind: str = "pubsub", prefix: str = "asgi"
) -> dict:
    """Return CHANNEL_LAYERS: channels-redis on ``redis_urls`` (CHANNEL_REDIS_URLS, else
    REDIS_URL; one URL or a list of them), else the in-memory layer.

    Several URLs shard the layer: channels-redis maps each channel and group to one of its
    ``hosts`` by a CRC32 of the name (the same in every process), so a group's members and its
    senders meet on one Redis whichever process they are in. Every process (web, worker, beat)
    must be given the same list in the same order: the index picks the host.

    ``prefix`` (CHANNEL_LAYER_PREFIX, default ``asgi``) starts every name the layer uses in
    Redis. Publish/subscribe channels are not scoped by Redis's database number: two
    platforms on one Redis need prefixes of their own, or one's sockets hear the other's
    groups (tournament ids are small numbers in each).

    ``pubsub`` (the default, CHANNEL_LAYER=pubsub): Redis publish/subscribe — a message is
    pushed to every process with a listener at once. Delivery is at most once, which the
    sockets allow for: every update carries its seq and a client that sees a gap resyncs from
    the database. ``queues`` (CHANNEL_LAYER=queues): channels-redis's list-based layer, which
    holds messages for a while but fetches them one blocking pop at a time: under load (make
    load: 8 tables, 172 vs 123 moves/s; delivery p50 13 vs 73 ms) it became the bottleneck.
    Its ``send`` to one socket picks the wrong host when there are several
    (realtime.layers.RedisChannelLayer puts it right).
    """
    if kind not in CHANNEL_LAYER_KINDS:
        raise ImproperlyConfigured(f"CHANNEL_LAYER must be pubsub or queues, not {kind!r}")
    urls = [redis_urls] if isinstance(redis_urls, str) else list(redis_urls)
    hosts = [redis_host(url) for url in urls if url]
    if hosts and kind == "pubsub":
        return {
            "default": {
                "BACKEND": "realtime.layers.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": hosts, "prefix": prefix},
            }
        }
    if hosts:
        return {
            "default": {
                "BACKEND": "realtime.layers.RedisChannelLayer",
                "CONFIG": {"hosts": hosts, "prefix": prefix, "capacity": 1500, "expiry": 30},
            }
        }
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def caches_from_env(redis_url: str, prefix: str = "cache") -> dict:
    """Return CACHES: Redis on REDIS_URL (shared by every web process: the rate limits count
    there), else local memory. Short socket timeouts: a Redis outage must fail fast. ``prefix``
    (CACHE_KEY_PREFIX) starts every key: two platforms sharing one Redis database need one
    each, or one's rate limits count the other's users of the same id."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url,
                "KEY_PREFIX": prefix,
                "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def email_from_env(env: Mapping[str, str]) -> dict:
    """Return the email settings from EMAIL_URL, else from EMAIL_BACKEND and EMAIL_HOST/...

    EMAIL_URL is ``smtp://user:password@host:port`` (STARTTLS with ``?tls=1``, or
    ``smtps://`` for TLS from the start; user and password percent-encoded), ``console://``
    (printed, the development default) or ``file:///a/folder`` (one file per message, for
    tests). EMAIL_TIMEOUT seconds (default 10) bound each SMTP connection.
    """
    timeout = float(env.get("EMAIL_TIMEOUT", "").strip() or 10)
    url = env.get("EMAIL_URL", "").strip()
    if not url:
        return {
            "EMAIL_BACKEND": env.get("EMAIL_BACKEND", "").strip()
            or "django.core.mail.backends.console.EmailBackend",
            "EMAIL_HOST": env.get("EMAIL_HOST", "").strip() or "localhost",
            "EMAIL_PORT": int(env.get("EMAIL_PORT", "").strip() or 25),
            "EMAIL_HOST_USER": env.get("EMAIL_HOST_USER", ""),
            "EMAIL_HOST_PASSWORD": env.get("EMAIL_HOST_PASSWORD", ""),
            "EMAIL_USE_TLS": env_flag(env, "EMAIL_USE_TLS", default=False),
            "EMAIL_USE_SSL": env_flag(env, "EMAIL_USE_SSL", default=False),
            "EMAIL_TIMEOUT": timeout,
        }
    parts = urlsplit(url)
    if parts.scheme == "console":
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend",
            "EMAIL_TIMEOUT": timeout,
        }
    if parts.scheme == "file":
        if not parts.path:
            raise ImproperlyConfigured("EMAIL_URL file:///folder needs a folder")
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": unquote(parts.path),
            "EMAIL_TIMEOUT": timeout,
        }
    if parts.scheme in {"smtp", "smtps"}:
        if not parts.hostname:
            raise ImproperlyConfigured("EMAIL_URL smtp://user:password@host:port needs a host")
        query = parse_qs(parts.query)
        ssl = parts.scheme == "smtps" or query.get("ssl", [""])[0].lower() in TRUE_WORDS
        tls = not ssl and query.get("tls", [""])[0].lower() in TRUE_WORDS
        return {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": parts.hostname,
            "EMAIL_PORT": parts.port or (465 if ssl else 587 if tls else 25),
            "EMAIL_HOST_USER": unquote(parts.username or ""),
            "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
            "EMAIL_USE_TLS": tls,
            "EMAIL_USE_SSL": ssl,
            "EMAIL_TIMEOUT": timeout,
        }
    raise ImproperlyConfigured(
        f"EMAIL_URL must start smtp://, smtps://, console:// or file://, not {parts.scheme!r}://"
    )
