"""Real Celery worker and beat processes for tests and benchmarks, with the environment the
platform runs with in production (see tests/games/conftest.py for the fixture)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import pytest

from tests.support import server
from tests.support.xdist import own_redis_db

REPO = Path(__file__).resolve().parents[2]


def redis_url_for_tests(what: str) -> str:
    """REDIS_URL, which tests of real processes need: skipped without it, failed under CI."""
    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        reason = "needs Redis: set REDIS_URL (as .ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run {what}: {reason}", pytrace=False)
        pytest.skip(reason)
    return url


def database_url_of(connection) -> str:
    """The URL of the test database ``connection`` uses, for another process to reach it."""
    s = connection.settings_dict
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{s['NAME']}"


def broker_url(redis_url: str) -> str:
    """The Redis database the tests' workers use as their broker: the one after REDIS_URL's,
    and one more per pytest-xdist worker (gw0, gw1, ...), since each test purges it."""
    explicit = os.environ.get("CELERY_BROKER_URL", "").strip()
    if explicit:
        return explicit
    parts = urlsplit(redis_url)
    db = own_redis_db(int(parts.path.lstrip("/") or 0), "broker")
    return urlunsplit(parts._replace(path=f"/{db}"))


def use_broker(app, url: str) -> str:
    """Point this process's Celery ``app`` at the broker ``url``; return the one it had.

    Celery keeps the connection and producer pools it made for the broker of the first task
    sent (``app._pool``, ``app.amqp._producer_pool``): after changing ``conf.broker_url``
    alone, a producer still connects to the old broker, where no worker of the test listens.
    They are dropped here, and made again for ``url`` at the next send.
    (tests/platform/test_private_apis.py checks that both attributes are still there.)"""
    old = app.conf.broker_url
    app.conf.broker_url = url
    app._pool = None
    app.amqp._producer_pool = None
    return old


class Celery:
    """Starts, kills and restarts the worker and beat processes of one test module."""

    def __init__(self, env: dict[str, str], logs: Path, repo: Path = REPO) -> None:
        self.env = env
        self.logs = logs
        self.repo = repo  # the checkout whose code they run
        self.worker: subprocess.Popen | None = None
        self.beat: subprocess.Popen | None = None
        self.started = 0
        self.worker_log: Path | None = None

    def _spawn(self, args: list[str], name: str) -> subprocess.Popen:
        self.started += 1
        path = self.logs / f"{name}-{self.started}.log"
        if name == "worker":
            self.worker_log = path
        log = open(path, "w")  # noqa: SIM115
        return server.spawn(
            [sys.executable, "-m", "celery", "-A", "config", *args],
            env=self.env,
            log=log,
            cwd=self.repo,
        )

    def start_worker(self, pool: str = "solo", concurrency: int = 1) -> None:
        self.worker = self._spawn(
            [
                "worker",
                "--queues",
                "celery,analysis",  # the bots' and clocks' queue and the analysis one
                f"--pool={pool}",
                f"--concurrency={concurrency}",
                "--loglevel=INFO",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"test-{os.getpid()}-{self.started}@%h",
            ],
            "worker",
        )

    def start_beat(self) -> None:
        schedule = self.logs / "beat-schedule"
        self.beat = self._spawn(
            ["beat", "--loglevel=INFO", "--schedule", str(schedule), "--max-interval", "1"],
            "beat",
        )

    def wait_worker_ready(self, timeout: float = 60) -> float:
        """Wait until the worker last started logs that it is ready; return the seconds."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if self.worker_log is not None and " ready." in self.worker_log.read_text(
                errors="replace"
            ):
                return time.monotonic() - started
            time.sleep(0.1)
        raise AssertionError(f"the worker did not get ready\n{self.log_tail()}")

    def kill_worker(self) -> None:
        """SIGKILL: the worker dies holding what it had received, acknowledging nothing."""
        if self.worker and self.worker.poll() is None:
            self.worker.send_signal(signal.SIGKILL)
            self.worker.wait(10)

    def stop(self) -> None:
        """End the worker and beat at once. The test is done with them: the worker's warm
        shutdown (SIGTERM) would first wait for the task in hand and give back the ones it
        holds for later, 7-20 s per test measured here, so it gets the cold one (SIGQUIT);
        what it held stays unacknowledged in a broker the fixtures purge."""
        if self.worker and self.worker.poll() is None:
            self.worker.send_signal(signal.SIGQUIT)
            try:
                self.worker.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.worker.kill()
                self.worker.wait()
        if self.beat:
            server.stop(self.beat)

    def log_tail(self) -> str:
        out = []
        for path in sorted(self.logs.glob("*.log")):
            lines = path.read_text(errors="replace").splitlines()[-15:]
            out.append(f"--- {path.name}\n" + "\n".join(lines))
        return "\n".join(out)


def purge(url: str) -> None:
    """Empty the Redis database ``url`` (a broker of the tests' own)."""
    import redis

    redis.Redis.from_url(url).flushdb()


def wait_for(predicate, *, timeout: float, what: str, procs: Celery | None = None):
    """Poll ``predicate`` until it returns something truthy; fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    tail = f"\n{procs.log_tail()}" if procs else ""
    pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}{tail}", pytrace=False)
