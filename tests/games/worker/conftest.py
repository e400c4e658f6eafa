"""A real Celery worker and beat on Redis, against the test database (PostgreSQL).

The processes run `celery -A config worker` / `beat` with the environment the platform runs
with in production (CELERY_EAGER off), pointed at the test run's database and at a broker of
their own: CELERY_BROKER_URL, else REDIS_URL's database + 1 (REDIS_URL itself carries the
channel layer, shared with the test process so the worker's broadcasts reach its sockets).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection

REPO = Path(__file__).resolve().parents[3]


def _redis_url() -> str:
    url = os.environ.get("REDIS_URL", "").strip()
    if not url:
        reason = "needs Redis: set REDIS_URL (as .ci/run does)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the worker tests: {reason}", pytrace=False)
        pytest.skip(reason)
    return url


def _broker_url(redis_url: str) -> str:
    explicit = os.environ.get("CELERY_BROKER_URL", "").strip()
    if explicit:
        return explicit
    parts = urlsplit(redis_url)
    db = int(parts.path.lstrip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{db + 1}"))


def _database_url() -> str:
    s = connection.settings_dict
    host = s.get("HOST") or "127.0.0.1"
    port = s.get("PORT") or 5432
    user = s.get("USER") or "postgres"
    password = f":{s['PASSWORD']}" if s.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{s['NAME']}"


class Celery:
    """Starts, kills and restarts the worker and beat processes of one test module."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.worker: subprocess.Popen | None = None
        self.beat: subprocess.Popen | None = None
        self.started = 0

    def _spawn(self, args: list[str], name: str) -> subprocess.Popen:
        self.started += 1
        log = open(self.logs / f"{name}-{self.started}.log", "w")  # noqa: SIM115
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", *args],
            cwd=REPO,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

    def start_worker(self, pool: str = "solo", concurrency: int = 1) -> None:
        self.worker = self._spawn(
            [
                "worker",
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

    def kill_worker(self) -> None:
        """SIGKILL: the worker dies holding what it had received, acknowledging nothing."""
        if self.worker and self.worker.poll() is None:
            self.worker.send_signal(signal.SIGKILL)
            self.worker.wait(10)

    def stop(self) -> None:
        for proc in (self.worker, self.beat):
            if proc and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait()

    def log_tail(self) -> str:
        out = []
        for path in sorted(self.logs.glob("*.log")):
            lines = path.read_text(errors="replace").splitlines()[-15:]
            out.append(f"--- {path.name}\n" + "\n".join(lines))
        return "\n".join(out)


def purge(broker_url: str) -> None:
    import redis

    redis.Redis.from_url(broker_url).flushdb()


@pytest.fixture
def celery_processes(transactional_db, settings, tmp_path) -> Iterator[Celery]:
    """A worker and a beat for this test, the test process sending its tasks to their broker
    (tasks not run in-process here)."""
    from config import celery_app

    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: the worker is another process on the same database")
    redis_url = _redis_url()
    broker = _broker_url(redis_url)
    purge(broker)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL=_database_url(),
        DATABASE_POOL="0",
        REDIS_URL=redis_url,
        CELERY_BROKER_URL=broker,
        CELERY_EAGER="0",
        SWEEP_INTERVAL="0.5",
        AUTOMATIC_GRACE_SECONDS="3",
        PYTHONUNBUFFERED="1",
        # As manage.py does: the repository and its platform/ source folder on the path.
        PYTHONPATH=os.pathsep.join([str(REPO), str(REPO / "platform")]),
    )
    settings.CELERY_TASK_ALWAYS_EAGER = False
    old = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    celery_app.conf.broker_url = broker
    celery_app.conf.task_always_eager = False
    procs = Celery(env, tmp_path)
    procs.start_worker()
    procs.start_beat()
    try:
        yield procs
    finally:
        procs.stop()
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = old
        purge(broker)


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
