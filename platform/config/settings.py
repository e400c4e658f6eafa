"""Settings for every way of running the platform, driven by the environment.

Nothing set gives the embedded default: SQLite in <repo>/var/, DEBUG off (DJANGO_DEBUG=1 turns
it on for development), a development secret key. Production sets DATABASE_URL (PostgreSQL
through psycopg 3), REDIS_URL, DJANGO_SECRET_KEY, DJANGO_DEBUG=0 and DJANGO_ALLOWED_HOSTS. See
.env.example. How each variable is read (and refused) is in config/env.py.
"""

import importlib.util
import os
import secrets
from datetime import timedelta
from email.utils import parseaddr
from pathlib import Path
from urllib.parse import urlsplit

from django.conf.locale import LANG_INFO
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import BASE_DIR
from config.env import caches_from_env
from config.env import channel_layers_from_env
from config.env import database_from_env
from config.env import email_from_env
from config.env import env_flag
from config.env import env_list
from config.env import redis_urls_from_env
from config.env import refuse_published
from config.env import require_env
from config.pool import reconnect_every
from core.logging import logging_config
from core.secret_files import read_or_create
from notifications.vapid import VapidKeyError
from notifications.vapid import generate_private_key as generate_vapid_key
from notifications.vapid import private_key_from_env as vapid_private_key_from_env
from notifications.vapid import public_key_of as vapid_public_key_of
from notifications.vapid import subject_is_valid as vapid_subject_is_valid
from signing.keyring import KeyConfigError
from signing.keyring import parse_time as parse_key_time
from signing.keyring import retired_from_env as retired_keys_from_env
from signing.keyring import seed_from_env as signing_seed_from_env

VAR_DIR = BASE_DIR / "var"

ENV = os.environ

# Off unless asked for: DEBUG's technical pages show settings and the URLconf to anyone.
DEBUG = env_flag(ENV, "DJANGO_DEBUG", default=False)
# Unset outside production: a key generated once into var/secret.key, so that no two installs
# share one (a key anyone can read forges email confirmations and password resets).
SECRET_KEY = ENV.get("DJANGO_SECRET_KEY") or read_or_create(
    VAR_DIR / "secret.key", lambda: secrets.token_urlsafe(50)
)
ALLOWED_HOSTS = env_list(ENV, "DJANGO_ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])


# DJANGO_PROFILE=production: the settings `manage.py check --deploy` asks for, from this one
# module (see deploy/README.md). DEBUG is off, the secret key and host names must be given, and
# the platform runs behind a proxy that terminates HTTPS: secure cookies, HSTS, HTTPS redirect.
# Unset: the settings above, for the embedded default and development.
PROFILE = ENV.get("DJANGO_PROFILE", "").strip().lower() or "default"
if PROFILE not in {"default", "production"}:
    raise ImproperlyConfigured(f"DJANGO_PROFILE must be unset or 'production', not {PROFILE!r}")
PRODUCTION = PROFILE == "production"
SILENCED_SYSTEM_CHECKS: list[str] = []
if PRODUCTION:
    if env_flag(ENV, "DJANGO_DEBUG", default=False):
        raise ImproperlyConfigured("DJANGO_DEBUG must be unset or 0 when DJANGO_PROFILE=production")
    DEBUG = False
    SECRET_KEY = require_env(
        ENV,
        "DJANGO_SECRET_KEY",
        "sessions and tokens are signed with it (50+ random characters, e.g. "
        "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)",
    )
    refuse_published("DJANGO_SECRET_KEY", SECRET_KEY)
    ALLOWED_HOSTS = env_list(ENV, "DJANGO_ALLOWED_HOSTS", default=[]) or [
        require_env(ENV, "DJANGO_ALLOWED_HOSTS", "the host names the platform answers for")
    ]
    # Origins (scheme included) allowed to send unsafe requests besides the site itself.
    CSRF_TRUSTED_ORIGINS = env_list(ENV, "DJANGO_CSRF_TRUSTED_ORIGINS", default=[])
    # The proxy terminates TLS and says so in X-Forwarded-Proto (nginx and ingress-nginx do).
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag(ENV, "DJANGO_SECURE_SSL_REDIRECT", default=True)
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(ENV.get("DJANGO_HSTS_SECONDS", "").strip() or 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag(ENV, "DJANGO_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_flag(ENV, "DJANGO_HSTS_PRELOAD", True)
    # Turning one of these off is a decision taken for the deployment (e.g. the ingress
    # redirects to HTTPS itself): its deploy check is silenced rather than left to fail.
    for _check, _on in (
        ("security.W008", SECURE_SSL_REDIRECT),
        ("security.W005", SECURE_HSTS_INCLUDE_SUBDOMAINS),
        ("security.W021", SECURE_HSTS_PRELOAD),
    ):
        if not _on:
            SILENCED_SYSTEM_CHECKS.append(_check)

# The Ed25519 key that signs records and move receipts (signing.keys) is held outside the
# database: SIGNING_KEY (64 hex) or SIGNING_KEY_FILE (a secret file holding it); retired public
# keys stay published in SIGNING_KEYS_RETIRED(_FILE). Unset outside production: a development
# key generated once into var/signing.key. See signing.keyring and .env.example.
try:
    SIGNING_KEY = signing_seed_from_env(ENV)
    SIGNING_KEY_VALID_FROM = parse_key_time(
        ENV.get("SIGNING_KEY_VALID_FROM", ""), "SIGNING_KEY_VALID_FROM"
    )
    SIGNING_KEYS_RETIRED = retired_keys_from_env(ENV)
except KeyConfigError as exc:
    raise ImproperlyConfigured(str(exc)) from None
SIGNING_DEV_KEY_FILE = VAR_DIR / "signing.key"
if PRODUCTION and not SIGNING_KEY:
    require_env(
        ENV,
        "SIGNING_KEY",
        "records and move receipts are signed with it, outside the database (or set "
        "SIGNING_KEY_FILE; `manage.py generate_signing_key --out FILE` makes one)",
    )
if PRODUCTION:
    refuse_published("SIGNING_KEY", SIGNING_KEY)

# Channels (and later the Celery broker) use Redis when REDIS_URL is set; empty means the
# embedded default: the in-memory channel layer, good for one server process.
REDIS_URL = ENV.get("REDIS_URL", "").strip()

# The channel layer alone may be sharded over several Redis servers: CHANNEL_REDIS_URLS, comma-
# separated, the same list in the same order for every process (channels-redis hashes each
# group to one of them). Unset: REDIS_URL. The cache and the Celery broker stay on REDIS_URL.
CHANNEL_REDIS_URLS = redis_urls_from_env(ENV, "CHANNEL_REDIS_URLS")

CHANNEL_LAYERS = channel_layers_from_env(
    CHANNEL_REDIS_URLS or REDIS_URL,
    ENV.get("CHANNEL_LAYER", "").strip().lower() or "pubsub",
    ENV.get("CHANNEL_LAYER_PREFIX", "").strip() or "asgi",
)


CACHES = caches_from_env(REDIS_URL, ENV.get("CACHE_KEY_PREFIX", "").strip() or "cache")

# Rate limits (core.throttling): "N/s", "N/min", "N/hour" or "N/day" per scope; login and
# register per client address, moves (REST and socket together) per player. RATE_LIMITS=0
# turns them all off (benchmarks, load tests). NUM_PROXIES: how many trusted proxies put the
# client's address in X-Forwarded-For (0: use the peer address, and ignore the header a client
# could forge; 1 behind one reverse proxy).
RATE_LIMITS_ENABLED = env_flag(ENV, "RATE_LIMITS", default=True)
RATE_LIMITS = {
    "login": ENV.get("RATE_LIMIT_LOGIN", "").strip() or "10/min",
    # Failed password checks of one username from one address; and of one username from every
    # address together, past which an address that failed once is refused (core.throttling).
    "login_username": ENV.get("RATE_LIMIT_LOGIN_USERNAME", "").strip() or "5/15m",
    "login_username_all": ENV.get("RATE_LIMIT_LOGIN_USERNAME_ALL", "").strip() or "30/15m",
    "register": ENV.get("RATE_LIMIT_REGISTER", "").strip() or "10/min",
    "moves": ENV.get("RATE_LIMIT_MOVES", "").strip() or "20/s",
    # Each socket's commands (sync, ping, move, anything), counted in its process.
    "socket_commands": ENV.get("RATE_LIMIT_SOCKET_COMMANDS", "").strip() or "20/s",
    # Heavy reads (records, events, audit steps, standings, tournament detail, the lobby list):
    # per client address when anonymous, per user (higher) when signed in.
    "reads": ENV.get("RATE_LIMIT_READS", "").strip() or "120/min",
    "reads_user": ENV.get("RATE_LIMIT_READS_USER", "").strip() or "600/min",
    "table_create": ENV.get("RATE_LIMIT_TABLE_CREATE", "").strip() or "10/hour",
    "dispute_message": ENV.get("RATE_LIMIT_DISPUTE_MESSAGE", "").strip() or "10/min",
    # Chat messages per user, REST and socket together, every table and tournament at once.
    "chat": ENV.get("RATE_LIMIT_CHAT", "").strip() or "5/10s",
    # Socket tickets (POST /api/v1/auth/socket-ticket) per user.
    "socket_ticket": ENV.get("RATE_LIMIT_SOCKET_TICKET", "").strip() or "30/min",
    # Data exports (GET /api/v1/account/export) per user: each reads every game they played.
    "account_export": ENV.get("RATE_LIMIT_ACCOUNT_EXPORT", "").strip() or "5/hour",
    # Challenges sent (POST /api/v1/challenges) per user.
    "challenge": ENV.get("RATE_LIMIT_CHALLENGE", "").strip() or "20/hour",
    # Receipt checks (POST /api/v1/games/<id>/receipts): per address, per user signed in.
    "receipt_check": ENV.get("RATE_LIMIT_RECEIPT_CHECK", "").strip() or "20/min",
    # More time given to opponents (games.more_time) per user, REST and socket together.
    "more_time": ENV.get("RATE_LIMIT_MORE_TIME", "").strip() or "10/min",
}
# Caps (off with RATE_LIMITS=0 too): open sockets per user and per client address, counted
# across processes (core.throttling.SocketLimits); open tables a player created at once.
SOCKETS_PER_USER = int(ENV.get("SOCKETS_PER_USER", "").strip() or 20)
SOCKETS_PER_ADDRESS = int(ENV.get("SOCKETS_PER_ADDRESS", "").strip() or 50)
OPEN_TABLES_PER_USER = int(ENV.get("OPEN_TABLES_PER_USER", "").strip() or 3)
# Challenges (games.challenges): how many a player may have waiting for an answer at once (a
# cap, off with RATE_LIMITS=0 too), and how long one waits before it expires.
CHALLENGES_PENDING_PER_USER = int(ENV.get("CHALLENGES_PENDING_PER_USER", "").strip() or 5)
CHALLENGE_EXPIRY_MINUTES = int(ENV.get("CHALLENGE_EXPIRY_MINUTES", "").strip() or 60)
# Bot accounts a person may own at once (accounts.services.owned_bot_create; deactivated ones
# do not count). A product limit, not a rate limit: RATE_LIMITS=0 leaves it on.
BOTS_PER_USER = int(ENV.get("BOTS_PER_USER", "").strip() or 5)
NUM_PROXIES = int(ENV.get("NUM_PROXIES", "").strip() or 0)
# FORWARDED_ALLOW_IPS: the proxies (addresses or networks) whose X-Forwarded-For and
# X-Forwarded-Proto uvicorn believes (manage.py serve rewrites the client address and scheme from
# them). Empty, the default: no proxy is trusted, whoever connects is the client.
FORWARDED_ALLOW_IPS = env_list(ENV, "FORWARDED_ALLOW_IPS", default=[])

# API tokens (accounts.tokens, django-rest-knox): `Authorization: Token <key>`; the database
# holds a SHA-512 digest of each key, never the key. Each token names its client, expires
# API_TOKEN_TTL_DAYS after it was made and is revocable alone or with all the others.
KNOX_TOKEN_MODEL = "accounts.ApiToken"
# knox's own migrations create its AuthToken table even when the model is swapped: skip them.
MIGRATION_MODULES = {"knox": None}
API_TOKEN_TTL_DAYS = int(ENV.get("API_TOKEN_TTL_DAYS", "").strip() or 90)
API_TOKENS_PER_USER = int(ENV.get("API_TOKENS_PER_USER", "").strip() or 20)
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=API_TOKEN_TTL_DAYS),
    "AUTH_HEADER_PREFIX": "Token",
    "TOKEN_LIMIT_PER_USER": API_TOKENS_PER_USER,
}
# Sockets authenticate by the session cookie, or by a single-use ticket from
# POST /api/v1/auth/socket-ticket (`?ticket=`), good for SOCKET_TICKET_SECONDS. A socket is
# closed (4401) once its session or token ends: at once when that happens through the
# platform (logout, revocation, a password change), else when it next sends a command more
# than SOCKET_AUTH_RECHECK_SECONDS after its last check, or at the credential's expiry.
SOCKET_TICKET_SECONDS = int(ENV.get("SOCKET_TICKET_SECONDS", "").strip() or 30)
SOCKET_AUTH_RECHECK_SECONDS = float(ENV.get("SOCKET_AUTH_RECHECK_SECONDS", "").strip() or 5)

# Request bodies: at most 1 MiB (413 request_too_large; core.asgi_limits refuses a larger one
# before reading it, nginx's client_max_body_size is the same). Held in memory up to the same
# size, so a body is never spooled to disk.
DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE
# Seconds a client has to send each whole request, headers and body (manage.py serve): a
# half-open or trickling connection is closed then.
HTTP_REQUEST_TIMEOUT = float(ENV.get("HTTP_REQUEST_TIMEOUT", "").strip() or 20)
# Threads for the sockets' database work in one web process (manage.py serve: its event loop's
# default executor; each holds a pooled connection while it works). Python's default is the
# cores + 4: a move's call spends most of its time waiting on PostgreSQL and Redis, so at 500
# tables moves queued for a thread while the process had CPU to spare (docs/scaling.md). At
# most the pool's 20 connections (config.env), which HTTP requests share.
SOCKET_THREADS = max(1, int(ENV.get("SOCKET_THREADS", "").strip() or 16))
# WebSocket compression (permessage-deflate) when a client offers it: off by default. The
# platform's frames are small JSON; each compressed frame cost the event loop a trip out of
# and back into the GIL behind the socket threads, and each compressing socket holds its own
# zlib state (tens of KiB). At 500 tables compression was a fifth of the loop's time and the
# loop fell a second behind (docs/scaling.md). SOCKET_COMPRESSION=1 turns it on.
SOCKET_COMPRESSION = env_flag(ENV, "SOCKET_COMPRESSION", default=False)

DATABASES = {"default": database_from_env(ENV)}
# A pooled process tries a PostgreSQL server it lost every this many seconds (psycopg_pool's
# own steps double: 1, 2, 4 s), so a table moves again within about that once the server is back.
DATABASE_RECONNECT_SECONDS = float(ENV.get("DATABASE_RECONNECT_SECONDS", "").strip() or 0.5)
if "pool" in DATABASES["default"].get("OPTIONS", {}):
    reconnect_every(DATABASE_RECONNECT_SECONDS)
# Two PostgreSQL roles in production (eventstore.roles, deploy/README.md): DATABASE_URL is the
# application's role, which owns nothing and cannot switch the event table's trigger off;
# MIGRATE_DATABASE_URL, when set, is the tables' owner, used by `manage.py migrate` alone (the
# "owner" alias; migrate then grants the app role its rights). Never give it to web, worker or
# beat. Unset: everything runs as DATABASE_URL's user (embedded default, development, tests).
MIGRATE_DATABASE_URL = ENV.get("MIGRATE_DATABASE_URL", "").strip()
if MIGRATE_DATABASE_URL:
    DATABASES["owner"] = database_from_env(
        {"DATABASE_URL": MIGRATE_DATABASE_URL, "DATABASE_POOL": "0"}
    )
    _same = ("ENGINE", "NAME", "HOST", "PORT")
    if any(DATABASES["owner"].get(k) != DATABASES["default"].get(k) for k in _same):
        raise ImproperlyConfigured(
            "MIGRATE_DATABASE_URL must name the same PostgreSQL database as DATABASE_URL "
            "(as the tables' owner; DATABASE_URL is the application's role)"
        )
    DATABASES["owner"]["TEST"] = {"MIRROR": "default"}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    sqlite_name = str(DATABASES["default"]["NAME"])
    if sqlite_name != ":memory:" and not sqlite_name.startswith("file:"):
        Path(sqlite_name).parent.mkdir(parents=True, exist_ok=True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    # API tokens (accounts.ApiToken, a knox token): only digests are stored.
    "knox",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "csp",
    "channels",
    "core",
    "eventstore",
    "realtime",
    "accounts",
    "notifications",
    "disputes",
    "ratings",
    "games",
    # The analysis of finished games (accuracy, luck, the skill index; docs/analysis.md).
    "analysis",
    # Teams (below tournaments: team-only events and team battles name them).
    "teams",
    "tournaments",
    # Quick pairing: pools by seats and time control (beside tournaments).
    "matchmaking",
    # Table and tournament chat, mutes, reports (after games and tournaments, whose rows it names).
    "chat",
    # The signing key (signing.keys) and the move receipts signed with it (trust.receipts).
    "signing",
    "trust",
    "frontend",
    # Email addresses, their verification and password reset (django-allauth, accounts only);
    # after frontend, whose templates restyle allauth's pages.
    "allauth",
    "allauth.account",
    # A second factor (TOTP and recovery codes): required for every staff power
    # (accounts.second_factor), open to every player from the settings page.
    "allauth.mfa",
]

MIDDLEWARE = [
    # First: probes and scrapers come by pod IP over plain HTTP (see core.health).
    "core.health.ProbeMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "core.logging.RequestIdMiddleware",
    # Request rate, errors and latency by route template (core.metrics).
    "core.metrics.RequestMetricsMiddleware",
    "core.middleware.ServiceUnavailableMiddleware",
    "core.middleware.ApiErrorJsonMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A signed-in player's own interface language over the cookie's (accounts.middleware).
    "accounts.middleware.UserLanguageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Managing the second factor needs it passed in this session (accounts.second_factor).
    "accounts.second_factor.SecondFactorMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Every middleware runs sync, on the request's thread: the web process's handler builds
    # the chain as WSGI does and enters it once (core.serving.PooledASGIHandler).
]

ROOT_URLCONF = "config.urls"
# A form sent without its CSRF token gets the platform's page (403_csrf.html), JSON under /api/.
CSRF_FAILURE_VIEW = "core.views.csrf_failure"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.docs_site.docs_url",
                "core.version.version",
            ],
        },
    },
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("th", _("Thai")),
    ("hu", _("Hungarian")),
    ("ja", _("Japanese")),
    ("it", _("Italian")),
    ("tl", _("Tagalog")),
]
# Django ships no locale data for Tagalog; {% get_language_info %} needs an entry.
LANG_INFO.setdefault(
    "tl", {"bidi": False, "code": "tl", "name": "Tagalog", "name_local": "Tagalog"}
)
# The interface's catalogs, then those of django-allauth's pages in the languages allauth ships
# none for (Tagalog): `manage.py catalogs` keeps both.
# Found through the frontend package, wherever the install put it (the source tree, or a wheel).
FRONTEND_DIR = Path(importlib.util.find_spec("frontend").origin).parent
LOCALE_PATHS = [FRONTEND_DIR / "locale", FRONTEND_DIR / "locale-allauth"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files live in frontend/static/ (found by the app-directories finder); collectstatic
# gathers them into var/static for a proxy to serve.
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
if ENV.get("DJANGO_STATIC_ROOT", "").strip():  # elsewhere than var/static (tests)
    STATIC_ROOT = Path(ENV["DJANGO_STATIC_ROOT"].strip())
# The web process serves /static/ itself (WhiteNoise: core.static), DEBUG or not: a hashed name
# cached for a year (immutable), any other for WHITENOISE_MAX_AGE (60 s; 0 with DEBUG); and the
# docs site at /docs/ when `make docs` has built it (`make run` does). Above it, text responses
# are gzip-compressed (core.compression, which says why BREACH is no reason not to): pages, JSON,
# and the embedded default's static files, which have no compressed copies.
MIDDLEWARE[MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1 : 0] = [
    "core.compression.GZipMiddleware",
    "core.static.StaticFilesMiddleware",
]
DOCS_ROOT = BASE_DIR / "site"
# The footer's link (core.docs_site): where the docs are published if not here (the image does
# not build them).
DOCS_URL = ENV.get("DOCS_URL", "").strip() or "/docs/"
# /docs/players/ answers docs/players/index.html (and /docs/players redirects there).
WHITENOISE_INDEX_FILE = True
if not PRODUCTION:
    # Embedded default and development: straight from frontend/static/ and the apps' static
    # folders (no collectstatic), edits seen without a restart; hashed names but for the ES
    # modules (core.storage.EmbeddedStaticFilesStorage).
    WHITENOISE_USE_FINDERS = True
    WHITENOISE_AUTOREFRESH = True
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "core.storage.EmbeddedStaticFilesStorage"},
    }
if PRODUCTION:
    # From what collectstatic gathered when the image was built: hashed names (the modules'
    # imports too, core.storage), gzip and Brotli copies.
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "core.storage.ModuleManifestStaticFilesStorage"},
    }


def socket_sources(hosts: list[str], *, secure_only: bool) -> list[str]:
    """Return the CSP sources of the platform's own sockets: ws(s) to each allowed host.

    CSP 3 lets 'self' cover same-origin ws: and wss:, but not every browser does yet; the
    hosts are named as well. A wildcard host ("*") adds nothing: 'self' alone then; nor does an
    IPv6 literal ("[::1]"), which CSP's source grammar cannot express.
    """
    schemes = ["wss"] if secure_only else ["ws", "wss"]
    sources = []
    for host in hosts:
        if host == "*" or not host or host.startswith("["):
            continue
        name = f"*{host}" if host.startswith(".") else host
        sources += [f"{scheme}://{name}:*" for scheme in schemes]
    return sources


# Content-Security-Policy (django-csp) on every response: scripts, styles and everything else
# from the platform's own origin only — no inline code anywhere (the templates, the admin and
# the API docs load theirs from /static/), no plugins, no framing, forms post only here.
# img-src data: for the small SVG icons Swagger UI's stylesheet embeds.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", *socket_sources(ALLOWED_HOSTS, secure_only=PRODUCTION)],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}

# The JSON API. Token first: its WWW-Authenticate header makes an anonymous request a 401 (with
# session authentication first DRF answers 403). Session auth serves the browser and enforces
# CSRF for logged-in unsafe requests. Every view states its own permission_classes.
# JSON in and out only: a cross-site HTML form cannot send application/json, which is what
# makes the CSRF-free login endpoint safe (see accounts.apis.SessionLoginApi).
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.tokens.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # DRF's JSON parser with a nesting limit (too deep: 400 invalid_json, not a 500).
    "DEFAULT_PARSER_CLASSES": ["core.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "core.api.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "core.schema.AutoSchema",
    "NUM_PROXIES": NUM_PROXIES,
}

# OpenAPI 3 at /api/schema/, Swagger UI at /api/docs/ (/api/redoc/ redirects there). The UI
# assets come from drf-spectacular-sidecar through staticfiles: the machines have no internet.
SPECTACULAR_SETTINGS = {
    "TITLE": "Mexican Train platform API",
    "DESCRIPTION": (
        'Errors are always JSON `{"code", "detail"}`; `code` is stable. '
        "Authenticate with `Authorization: Token <key>` (POST /api/v1/auth/token: one token "
        "per client name, expiring; list and revoke them at /api/v1/auth/tokens) or with the "
        "session cookie (POST /api/v1/auth/login) plus the `X-CSRFToken` header on unsafe "
        "requests. Staff endpoints (audit, adjudication, disputes queue) take the session "
        "only. Sockets take the session cookie or a single-use `?ticket=` from "
        "POST /api/v1/auth/socket-ticket, never a token."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v[0-9]+",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name per choice set that several serializers share (a table's bot seats and a
    # challenge's bots; a play ban's reason and an offence's kind; live or correspondence).
    "ENUM_NAME_OVERRIDES": {
        "BotStrategyEnum": "games.services.BOT_STRATEGIES",
        "OffenceKindEnum": "tournaments.bans.OffenceKind",
        "RatingKindEnum": ["live", "correspondence"],  # ratings' kinds, time controls' kinds
        "ClockPauseEnum": ["weekend", "vacation"],  # why a clock stands still (games.clocks)
        "GameStatusEnum": "games.models.GameStatus.values",
        # The push kinds a device may opt in for (registered by the apps at start).
        "PushKindEnum": "notifications.kinds.PUSH_KINDS",
    },
}

# Celery (issue: clocks, bots). REDIS_URL set: a worker and one beat on Redis. Unset (embedded
# default): tasks run eagerly in the calling process and `core.embedded` runs the sweeper.
# CELERY_BROKER_URL overrides the broker (tests give each run its own Redis database).
CELERY_BROKER_URL = ENV.get("CELERY_BROKER_URL", "").strip() or REDIS_URL or "memory://"
CELERY_TASK_ALWAYS_EAGER = env_flag(ENV, "CELERY_EAGER", default=CELERY_BROKER_URL == "memory://")
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
# A task is acknowledged after it ran, and handed to another worker if its worker dies: every
# task is idempotent (it carries the seq it was made for), so running twice is harmless.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A worker whose broker went away reconnects for as long as it takes (Celery's default gives up
# after 100 attempts and the worker exits, leaving bots, clocks and the sweeper stopped).
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# ... every this many seconds (config.celery.Consumer; Celery's own steps grow to 30 s apart).
BROKER_RECONNECT_SECONDS = float(ENV.get("BROKER_RECONNECT_SECONDS", "").strip() or 0.5)
CELERY_WORKER_CONSUMER = "config.celery:Consumer"
# A bot's or a clock's task that meets a database outage is retried with backoff (up to this
# many times, at most TASK_RETRY_BACKOFF_MAX seconds apart); the sweeper still catches a turn
# whose task was lost for good.
TASK_OUTAGE_RETRIES = int(ENV.get("TASK_OUTAGE_RETRIES", "") or 12)
TASK_RETRY_BACKOFF_MAX = int(ENV.get("TASK_RETRY_BACKOFF_MAX", "") or 8)
# A broker that stops answering (a frozen Redis, a peer gone without a reset) fails a publish or
# a poll within seconds instead of never; the worker then reconnects. Longer than the worker's
# 1 s poll (BRPOP) by far.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": 3600,
    "socket_timeout": 10,
    "socket_connect_timeout": 3,
}
CELERY_TIMEZONE = "UTC"
# The sweeper (core.sweeper: a thread of beat's process, or the embedded runner) passes again
# at the next deadline it knows of, and at least every SWEEP_INTERVAL seconds.
SWEEP_INTERVAL = float(ENV.get("SWEEP_INTERVAL", "2"))
# Seconds between two tournament ticks (starts, no-shows, rounds whose end was missed).
TOURNAMENT_TICK_SECONDS = float(ENV.get("TOURNAMENT_TICK_SECONDS", "") or SWEEP_INTERVAL)
CELERY_BEAT_SCHEDULE = {
    "tournaments-tick": {"task": "tournaments.tasks.tick", "schedule": TOURNAMENT_TICK_SECONDS},
    "matchmaking-tick": {"task": "matchmaking.tasks.tick", "schedule": TOURNAMENT_TICK_SECONDS},
    "tournaments-reminders": {
        "task": "tournaments.tasks.reminders",
        "schedule": float(ENV.get("TOURNAMENT_REMINDER_SECONDS", "") or 60),
    },
    # Tournament series: create their next tournaments, up to each one's lead time ahead.
    "tournaments-series": {
        "task": "tournaments.tasks.series_fill",
        "schedule": float(ENV.get("TOURNAMENT_SERIES_SECONDS", "") or 300),
    },
    "notifications-sweep-emails": {
        "task": "notifications.tasks.sweep_emails",
        "schedule": float(ENV.get("NOTIFICATION_EMAIL_SWEEP_SECONDS", "") or 60),
    },
    # The daily digest of correspondence turns (games.digest): due from TURN_DIGEST_HOUR in
    # each player's time zone for TURN_DIGEST_WINDOW_HOURS; at most one a player a day.
    "games-turn-digests": {
        "task": "games.tasks.send_turn_digests",
        "schedule": float(ENV.get("TURN_DIGEST_SECONDS", "") or 3600),
    },
}
TURN_DIGEST_HOUR = int(ENV.get("TURN_DIGEST_HOUR", "") or 8)
TURN_DIGEST_WINDOW_HOURS = int(ENV.get("TURN_DIGEST_WINDOW_HOURS", "") or 4)
# Notification mails (notifications.tasks): attempts of one mail (the first and Celery's
# retries, exponential backoff from this many seconds with jitter, at most 10 min apart); the
# sweeper sends a mail still owed this many seconds after its notification (a lost task).
NOTIFICATION_EMAIL_MAX_ATTEMPTS = int(ENV.get("NOTIFICATION_EMAIL_MAX_ATTEMPTS", "") or 6)
NOTIFICATION_EMAIL_RETRY_BACKOFF = int(ENV.get("NOTIFICATION_EMAIL_RETRY_BACKOFF", "") or 2)
NOTIFICATION_EMAIL_SWEEP_AFTER_SECONDS = float(
    ENV.get("NOTIFICATION_EMAIL_SWEEP_AFTER_SECONDS", "") or 600
)
# How long a mail's one-click unsubscribe link works.
UNSUBSCRIBE_TOKEN_DAYS = int(ENV.get("UNSUBSCRIBE_TOKEN_DAYS", "") or 90)


# Mail is sent synchronously by the request that causes it (sign-up, a changed address, a
# password reset), never by a game move's request.
globals().update(email_from_env(ENV))
# Absolute links in emails.
SITE_URL = ENV.get("SITE_URL", "http://127.0.0.1:8000")
DEFAULT_FROM_EMAIL = ENV.get("DEFAULT_FROM_EMAIL", "Mexican Train <noreply@localhost>")

# Web Push (notifications.push): the notices a player opted in for on a device (/settings) go
# to its browser's push service, signed with the platform's VAPID key (RFC 8292) and encrypted
# for that browser (RFC 8291), from a task after the commit. The key: WEB_PUSH_VAPID_PRIVATE_KEY
# or WEB_PUSH_VAPID_PRIVATE_KEY_FILE (notifications.vapid reads the forms the usual tools print;
# `manage.py generate_vapid_key` makes one). Unset outside production: a development key
# generated once into var/vapid.key. Unset in production: no pushes (the other processes of a
# deployment would each make a key of their own, and a subscription is bound to one key); the
# /settings section says so. Changing the key orphans every subscription (browsers must
# subscribe again).
try:
    WEB_PUSH_VAPID_PRIVATE_KEY = vapid_private_key_from_env(ENV)
except VapidKeyError as exc:
    raise ImproperlyConfigured(str(exc)) from None
if not WEB_PUSH_VAPID_PRIVATE_KEY and not PRODUCTION:
    WEB_PUSH_VAPID_PRIVATE_KEY = read_or_create(VAR_DIR / "vapid.key", generate_vapid_key)
if PRODUCTION:
    refuse_published("WEB_PUSH_VAPID_PRIVATE_KEY", WEB_PUSH_VAPID_PRIVATE_KEY)
WEB_PUSH_ENABLED = bool(WEB_PUSH_VAPID_PRIVATE_KEY)
WEB_PUSH_VAPID_PUBLIC_KEY = (
    vapid_public_key_of(WEB_PUSH_VAPID_PRIVATE_KEY) if WEB_PUSH_ENABLED else ""
)
# The contact the push services see in each push's signature: mailto:<address> or
# https://<host>. Unset: SITE_URL's host when it is https, else DEFAULT_FROM_EMAIL's address.
WEB_PUSH_VAPID_SUBJECT = ENV.get("WEB_PUSH_VAPID_SUBJECT", "").strip() or (
    f"https://{urlsplit(SITE_URL).hostname}"
    if SITE_URL.startswith("https://")
    else "mailto:" + (parseaddr(DEFAULT_FROM_EMAIL)[1] or "noreply@localhost")
)
if WEB_PUSH_ENABLED and not vapid_subject_is_valid(WEB_PUSH_VAPID_SUBJECT):
    raise ImproperlyConfigured(
        f"WEB_PUSH_VAPID_SUBJECT must be a mailto: address or an https: URL, not "
        f"{WEB_PUSH_VAPID_SUBJECT!r} (unset, it comes from SITE_URL or DEFAULT_FROM_EMAIL)"
    )
# The push services a subscription's endpoint may name (a host, or ".suffix" for any host under
# it): the server POSTs to that URL, so it is never a URL of the player's choosing. The
# browsers' own: Chrome and Edge's FCM, Firefox's autopush, Windows' WNS, Safari's.
WEB_PUSH_ENDPOINT_HOSTS = env_list(
    ENV,
    "WEB_PUSH_ENDPOINT_HOSTS",
    default=[
        "fcm.googleapis.com",
        "android.googleapis.com",
        ".push.services.mozilla.com",
        ".notify.windows.com",
        ".push.apple.com",
    ],
)
# http:// endpoints (a push server of your own on the local network, the tests' local
# endpoint); never in production.
WEB_PUSH_INSECURE_ENDPOINTS = env_flag(ENV, "WEB_PUSH_INSECURE_ENDPOINTS", default=False)
if PRODUCTION and WEB_PUSH_INSECURE_ENDPOINTS:
    raise ImproperlyConfigured("WEB_PUSH_INSECURE_ENDPOINTS must be unset or 0 in production")
# How long a push service keeps a push for a device that is offline (seconds); one push's
# attempts (the first and the retries: network errors, 5xx, 429), backoff base in seconds
# (doubling, with jitter, at most 10 min; a Retry-After is taken as given up to that); the
# seconds one request to a push service may take; the devices a player may subscribe.
WEB_PUSH_TTL = int(ENV.get("WEB_PUSH_TTL", "").strip() or 86_400)
WEB_PUSH_MAX_ATTEMPTS = int(ENV.get("WEB_PUSH_MAX_ATTEMPTS", "").strip() or 5)
WEB_PUSH_RETRY_BACKOFF = float(ENV.get("WEB_PUSH_RETRY_BACKOFF", "").strip() or 2)
WEB_PUSH_TIMEOUT = float(ENV.get("WEB_PUSH_TIMEOUT", "").strip() or 10)
WEB_PUSH_SUBSCRIPTIONS_PER_USER = int(ENV.get("WEB_PUSH_SUBSCRIPTIONS_PER_USER", "").strip() or 10)

# A seat the platform plays whose turn has not been played this many seconds after it began
# (its task was lost: a worker killed holding it, a broker that lost its data) is played by
# the sweeper, from the game's rows; a strong bot's seat gets its thinking time on top
# (games.projections.automatic_grace). A task that is merely late then runs as a no-op: each
# carries the seq it was made for. It was 30 s, and every lost task stalled its table that long.
AUTOMATIC_GRACE_SECONDS = float(ENV.get("AUTOMATIC_GRACE_SECONDS", "3"))
BOT_BUDGET_MS = int(ENV.get("BOT_BUDGET_MS", "150"))
# Live deadlines closer than this get an ETA task for precision; the sweeper takes the rest.
ETA_HORIZON_SECONDS = float(ENV.get("ETA_HORIZON_SECONDS", "120"))
# Rated play (games.eligibility.rated_eligibility): an account opens or joins rated tables, and
# registers for rated tournaments, once it has played this many finished games to the end
# (rated or not) or is this many days old. 0 turns a requirement off; both 0, anyone may.
# The analysis of a finished game (docs/analysis.md): worlds sampled per decision, rollouts
# per luck estimate. The defaults analyse a 4-player 13-round game in minutes on one core.
ANALYSIS_WORLDS = int(ENV.get("ANALYSIS_WORLDS", "").strip() or 24)
ANALYSIS_LUCK_ROLLOUTS = int(ENV.get("ANALYSIS_LUCK_ROLLOUTS", "").strip() or 16)
# More worlds for a decision's gain against the reference where the move played differs from
# the reference's (the skill index's precision); 0 for none.
ANALYSIS_GAIN_WORLDS = int(ENV.get("ANALYSIS_GAIN_WORLDS", "").strip() or 96)
# The analysis task goes to a queue of its own: a game's analysis takes a core for up to
# minutes, and on the workers of bot turns and clocks it would hold them behind it (a round of
# a tournament ending at once: every table's analysis). The workers of the default queue
# ("celery") and of this one are started apart (deploy/; `-Q celery,analysis` for one worker
# that does both).
ANALYSIS_QUEUE = ENV.get("ANALYSIS_QUEUE", "").strip() or "analysis"
CELERY_TASK_DEFAULT_QUEUE = "celery"
CELERY_TASK_ROUTES = {"analysis.tasks.analyse_game": {"queue": ANALYSIS_QUEUE}}
# Fair-play signals (analysis.selectors): over a player's last this many analysed games.
FAIR_PLAY_GAMES = int(ENV.get("FAIR_PLAY_GAMES", "").strip() or 50)
RATED_MIN_GAMES = int(ENV.get("RATED_MIN_GAMES", "").strip() or 3)
RATED_MIN_ACCOUNT_DAYS = int(ENV.get("RATED_MIN_ACCOUNT_DAYS", "").strip() or 7)

# Logs go to stdout: human-readable lines, or JSON lines with LOG_FORMAT=json (the production
# profile's default) for a log collector. See core.logging.
LOG_FORMAT = ENV.get("LOG_FORMAT", "").strip().lower() or ("json" if PRODUCTION else "text")
if LOG_FORMAT not in {"text", "json"}:
    raise ImproperlyConfigured(f"LOG_FORMAT must be text or json, not {LOG_FORMAT!r}")
LOG_LEVEL = ENV.get("LOG_LEVEL", "").strip().upper() or "INFO"
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)
if LOG_FORMAT == "json":
    # The worker and beat log through the root logger configured above, not Celery's own.
    CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# GET /metrics (and a worker's METRICS_PORT) require `Authorization: Bearer <METRICS_TOKEN>`
# when set. Under the production profile they answer 404 without a token rather than refuse to
# start: collectstatic, migrate and beat never serve metrics and need none. See core.metrics.
METRICS_TOKEN = ENV.get("METRICS_TOKEN", "").strip()
if PRODUCTION:
    refuse_published("METRICS_TOKEN", METRICS_TOKEN)
METRICS_REQUIRE_TOKEN = PRODUCTION

# Accounts (django-allauth, its account part): a username to log in with, an email address that
# is optional, verified by a link, changed by verifying the new one (the old stays until then),
# and used to reset a forgotten password. Sign-up and login stay the platform's own
# (/signup, /login and the API); allauth serves /accounts/: verification, reset, email.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
LOGIN_URL = "/login"
LOGIN_REDIRECT_URL = "/lobby"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
# A reset asked for an unknown address answers as for a known one (and mails that address
# that it has no account), so nobody learns who plays here.
ACCOUNT_PREVENT_ENUMERATION = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Mexican Train] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if PRODUCTION else "http"
ACCOUNT_LOGOUT_REDIRECT_URL = "/"
ACCOUNT_EMAIL_CONFIRMATION_ANONYMOUS_REDIRECT_URL = "/login"
ACCOUNT_EMAIL_CONFIRMATION_AUTHENTICATED_REDIRECT_URL = "/settings"
# allauth's own limits (in the cache, per address and per email): resets, verification mails,
# password changes. RATE_LIMITS=0 turns them off with the platform's.
ACCOUNT_RATE_LIMITS = (
    {
        "reset_password": ENV.get("RATE_LIMIT_RESET_PASSWORD", "").strip() or "20/m/ip,5/m/key",
        "reset_password_from_key": "20/m/ip",
        "manage_email": "10/m/user",
        "change_password": "5/m/user",
        "confirm_email": "1/3m/key",
        # Wrong second-factor codes (login, re-verification, the API's token), per account and
        # per address; a password re-entered to manage the second factor, per account.
        "login_failed": "10/m/ip,5/5m/key",
        "reauthenticate": "10/m/user",
    }
    if RATE_LIMITS_ENABLED
    else False
)

# The second factor (allauth.mfa): TOTP with recovery codes. Staff hold their powers only in a
# session that passed it (accounts.second_factor); WebAuthn is not offered (no fido2 here).
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "Mexican Train"
