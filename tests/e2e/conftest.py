"""Browser tests: a real `manage.py serve` process driven by Debian's Chromium through Playwright.

The server runs on its own database, never pytest-django's test database: a fresh
``<name>_e2e`` PostgreSQL database when DATABASE_URL points at PostgreSQL (with REDIS_URL passed
on, for channels-redis), else a temporary SQLite file and the in-memory channel layer.

Playwright cannot download its browser here (no internet), so the tests launch
/usr/bin/chromium (`make browser` installs it). Without it the tests skip, saying why; under CI
they fail instead.
"""

from __future__ import annotations

import json
import os
import secrets
import urllib.error
import urllib.request
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import pytest

from tests.support.commands import manage
from tests.support.server import ServerError
from tests.support.server import served
from tests.support.xdist import own_redis_db
from tests.support.xdist import worker_name

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium's own connections get refused in bulk.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
SERVER_START_TIMEOUT = 90  # seconds: migrations run first
ACTION_TIMEOUT_MS = 10_000  # clicks, fills, navigations
EXPECT_TIMEOUT_MS = 5_000  # expect(...) assertions: live updates must arrive within this


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so fixtures can tell a failed test at teardown."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# --- the browser -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """The system Chromium, or skip (fail under CI) with the reason."""
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        reason = (
            f"Chromium is not installed at {CHROMIUM}: run `make browser` (as root; it installs "
            "Debian's `chromium` package) — Playwright cannot download its own browser here"
        )
        if in_ci():
            pytest.fail(f"CI requires the e2e browser. {reason}", pytrace=False)
        pytest.skip(reason)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:  # pragma: no cover - playwright is a test dependency
        if in_ci():
            pytest.fail(f"CI requires the playwright package: {exc}", pytrace=False)
        pytest.skip(f"the playwright package is missing: {exc}")
    return str(CHROMIUM)


@pytest.fixture(scope="session")
def browser(chromium_executable):
    """One Chromium for the whole session."""
    from playwright.sync_api import expect
    from playwright.sync_api import sync_playwright

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=chromium_executable, args=CHROMIUM_ARGS, headless=True, timeout=30_000
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """tests/artifacts/ (git-ignored): screenshots and the server log. Failure shots of an
    earlier session are removed."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for stale in ARTIFACTS.glob("failed-*"):
        stale.unlink()
    return ARTIFACTS


@pytest.fixture
def new_context(request, browser, server_url, artifacts_dir) -> Iterator[Callable]:
    """Open browser contexts (one per user: separate cookies) on the server; all are closed at
    the end of the test, after a screenshot of every open page if the test failed."""
    contexts = []
    problems: list[str] = []  # the browser's console errors and uncaught exceptions

    def open_context(viewport: dict | None = None, **kwargs):
        # The pages register a service worker (frontend.pwa); a context that page.route()s
        # requests would not see those the worker handles (its navigations, its cached
        # modules), so the worker is blocked unless a test asks for it (tests/e2e/test_pwa.py).
        kwargs.setdefault("service_workers", "block")
        context = browser.new_context(
            base_url=server_url, viewport=viewport or DESKTOP, locale="en-US", **kwargs
        )
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.set_default_navigation_timeout(ACTION_TIMEOUT_MS)
        n = len(contexts)
        context.on(
            "console",
            lambda msg: (
                problems.append(f"[context {n}] console.{msg.type}: {msg.text}")
                if msg.type in ("error", "warning")
                else None
            ),
        )
        context.on("weberror", lambda err: problems.append(f"[context {n}] {err.error}"))
        contexts.append(context)
        return context

    yield open_context

    failed = any(
        getattr(getattr(request.node, f"report_{when}", None), "failed", False)
        for when in ("setup", "call")
    )
    if failed and problems:
        log = artifacts_dir / f"failed-{request.node.name}-console.txt"
        log.write_text("\n".join(problems) + "\n")
        print("browser console errors:\n" + "\n".join(problems[-30:]))
    for i, context in enumerate(contexts):
        if failed:
            for j, page in enumerate(context.pages):
                try:
                    page.screenshot(
                        path=artifacts_dir / f"failed-{request.node.name}-{i}-{j}.png",
                        full_page=True,
                        timeout=5_000,
                    )
                except Exception:  # noqa: BLE001 - best effort only
                    pass
        context.close()


# --- the server ------------------------------------------------------------------------------


def _is_postgres(url: str) -> bool:
    return urlsplit(url).scheme in ("postgres", "postgresql", "pgsql", "postgis")


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def _admin_connection(url: str):
    """An autocommit connection for CREATE/DROP DATABASE: to the `postgres` database if we may,
    else to the configured one."""
    import psycopg

    errors = []
    for candidate in (_with_database(url, "postgres"), url):
        try:
            return psycopg.connect(
                candidate.replace("postgis://", "postgres://", 1), autocommit=True
            )
        except psycopg.OperationalError as exc:
            errors.append(str(exc).strip())
    raise RuntimeError("cannot connect to PostgreSQL for the e2e database: " + " | ".join(errors))


def _recreate_database(admin_url: str, name: str, create: bool) -> None:
    from psycopg import sql

    with _admin_connection(admin_url) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
        if create:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def redis_url_of_this_worker(redis_url: str) -> str:
    """A Redis database of this pytest-xdist worker's served platform alone (``own_redis_db``:
    never REDIS_URL's, nor a worker's broker): the rate limits count there by user id and
    address, and two platforms on one database would count each other's users (ids start at 1
    in each). It was REDIS_URL's + 4 + the worker's number: with 4 workers, the fourth's broker."""
    parts = urlsplit(redis_url)
    db = own_redis_db(int(parts.path.lstrip("/") or 0), "platform")
    return urlunsplit(parts._replace(path=f"/{db}"))


@pytest.fixture(scope="session")
def server_env(tmp_path_factory) -> Iterator[dict[str, str]]:
    """The environment of the server under test, with its own fresh database."""
    env = dict(os.environ)
    for name in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL", "DJANGO_SQLITE_PATH"):
        env.pop(name, None)
    # DEBUG off, as `make run` serves: templates parsed once (Django's cached loader) and no SQL
    # logged per query (with DEBUG on, about a tenth of the served platform's CPU in the lane).
    env["DJANGO_DEBUG"] = "0"
    env["DJANGO_SETTINGS_MODULE"] = "tests.support.served_settings"  # a cheap password hash
    # The one process also runs the tasks (bots, clocks) with its embedded runner, even when
    # REDIS_URL carries the channel layer; the Celery tests start a real worker of their own.
    env.pop("CELERY_BROKER_URL", None)
    env["CELERY_EAGER"] = "1"
    env["SWEEP_INTERVAL"] = "0.5"
    # The whole suite signs up and logs in from one address within a minute or two, and its
    # scripted players move faster than a person: the limits (10/min per address, 20 moves/s
    # per player) would refuse them. They stay on, raised; tests/hardening checks each limit.
    env["RATE_LIMIT_REGISTER"] = env["RATE_LIMIT_LOGIN"] = "1000/min"
    env["RATE_LIMIT_MOVES"] = "1000/s"
    # Its players sign up and play rated at once: no finished games or account age asked
    # (tests/hardening/test_rating_farming.py checks that gate).
    env["RATED_MIN_GAMES"] = env["RATED_MIN_ACCOUNT_DAYS"] = "0"
    # A finished game is analysed by the embedded runner (analysis.tasks): with the default
    # budget that takes a while and both cores, under every test that ends a game. A tiny one
    # exercises the same code (tests/e2e/test_analysis_pages.py reads what it computes).
    env.setdefault("ANALYSIS_WORLDS", "2")
    env.setdefault("ANALYSIS_LUCK_ROLLOUTS", "2")
    env.setdefault("ANALYSIS_GAIN_WORLDS", "2")
    # The Monte-Carlo bots think BOT_BUDGET_MS per move (150 by default): CPU the browsers of
    # the parallel lane wait for. A short budget plays the same code (tests/games/bots test
    # the bots' strength).
    env.setdefault("BOT_BUDGET_MS", "25")
    env["PYTHONUNBUFFERED"] = "1"
    # Mail goes to files (one per message) the tests read: tests/e2e/test_accounts.py.
    env["EMAIL_URL"] = f"file://{tmp_path_factory.mktemp('e2e-mail')}"
    redis_url = os.environ.get("REDIS_URL", "").strip()
    if redis_url:
        env["REDIS_URL"] = redis_url_of_this_worker(redis_url)
        # Publish/subscribe ignores the database number: the parallel lane's platforms would
        # hear each other's tournament groups (ids 1, 2, ... in each database; seen in CI as
        # another platform's detail hiding a check-in button).
        # The process id keeps apart two runs on one Redis too (a CI run beside a developer's).
        env["CHANNEL_LAYER_PREFIX"] = f"e2e{worker_name()}-{os.getpid()}"
        # The database is recreated below, and its user ids with it: counts an earlier session
        # left under those ids (tables created this hour) would throttle the new users.
        import redis

        redis.Redis.from_url(env["REDIS_URL"]).flushdb()

    database_url = os.environ.get("DATABASE_URL", "").strip()
    if database_url and _is_postgres(database_url):
        base_name = urlsplit(database_url).path.lstrip("/")
        # One database per pytest-xdist worker: each worker serves its own platform.
        e2e_name = f"{base_name}_e2e{worker_name()}"
        _recreate_database(database_url, e2e_name, create=True)
        env["DATABASE_URL"] = _with_database(database_url, e2e_name)
        try:
            yield env
        finally:
            _recreate_database(database_url, e2e_name, create=False)
    else:
        env["DJANGO_SQLITE_PATH"] = str(tmp_path_factory.mktemp("e2e-db") / "db.sqlite3")
        yield env


@pytest.fixture(scope="session")
def server_url(chromium_executable, server_env, artifacts_dir) -> Iterator[str]:
    """Start `manage.py serve` on a free port, wait until `/` answers, stop it at the end."""
    try:
        with served(
            server_env,
            artifacts_dir / f"e2e-server{worker_name()}.log",
            timeout=SERVER_START_TIMEOUT,
        ) as url:
            yield url
    except ServerError as exc:
        pytest.fail(str(exc), pytrace=False)


# --- helpers ---------------------------------------------------------------------------------


def manage_shell(server_env: dict, code: str) -> str:
    """Run ``code`` in ``manage.py shell`` on the served platform's database (as an operator
    would: staff rights, a scheduled tournament); return what it printed."""
    proc = manage("shell", "-c", code, env=server_env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def api(
    server_url: str, method: str, path: str, body: dict | None = None, token: str | None = None
):
    """Call the REST API over HTTP; return (status, decoded JSON or None)."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server_url + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as resp:
            raw = resp.read()
            status = resp.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read(), exc.code
    try:
        return status, json.loads(raw) if raw else None
    except ValueError:
        return status, None


def register(server_url: str, username: str) -> str:
    """Register ``username`` (password PASSWORD) over the API; return its token."""
    status, body = api(
        server_url, "POST", "/api/v1/auth/register", {"username": username, "password": PASSWORD}
    )
    assert status == 201, body
    return body["token"]


def new_table(
    server_url: str,
    token: str,
    table: dict,
    *,
    joiners: Sequence[str] = (),
    bots: Sequence[str] = (),
    start: bool = True,
) -> str:
    """Open a table (``table``: the body of POST /api/v1/games) as the token's user, seat
    ``joiners`` (their tokens) then ``bots`` (their strategies), and start it unless told not
    to; return its id."""
    status, body = api(server_url, "POST", "/api/v1/games", table, token)
    assert status == 201, body
    gid = body["id"]
    for joiner in joiners:
        status, body = api(server_url, "POST", f"/api/v1/games/{gid}/join", {}, joiner)
        assert status == 200, body
    for strategy in bots:
        path = f"/api/v1/games/{gid}/bots"
        status, body = api(server_url, "POST", path, {"strategy": strategy}, token)
        assert status == 201, body
    if start:
        status, body = api(server_url, "POST", f"/api/v1/games/{gid}/start", {}, token)
        assert status == 200, body
    return gid


@pytest.fixture
def unique_name() -> Callable[[str], str]:
    """A fresh username for each account, so tests never collide on a shared database."""
    return lambda prefix: f"{prefix}{secrets.token_hex(3)}"


PASSWORD = "e2e-long-password-7"
