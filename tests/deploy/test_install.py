"""The install provides every package, checked the way a user runs the platform.

A fresh virtual environment gets the locked dependencies (requirements/base.txt, by uv as
`make venv` installs its lock), then the project itself: editable, as `make venv` does, and as a
built wheel, as an image could. Each documented process then starts with no PYTHONPATH and no
DJANGO_SETTINGS_MODULE and must answer: the web process its home page, the Celery worker a
`celery inspect ping` on both its queues, beat by having the worker receive what it schedules,
and the command-line tools their documented result. A failure names the command.

The editable install runs the commands from the repository root, as the docs write them
(docs/developers/index.md, docs/operators/processes.md).
The wheel runs them from an empty folder, so that nothing is imported from the source tree:
only what the wheel holds (packages, templates, static files, catalogs, migrations) is there.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.celery import redis_url_for_tests
from tests.support.server import free_port
from tests.support.server import log_tail

REPO = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.slow

# A Redis database of this test's own (broker, channel layer and cache of the processes).
REDIS_DB = 12


def run(cmd: list[str], *, cwd: Path, env: dict, timeout: float = 300) -> str:
    """Run ``cmd``; fail naming it, with its output, unless it exits 0. Return its stdout."""
    proc = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    if proc.returncode != 0:
        pytest.fail(
            f"`{' '.join(map(str, cmd))}` (in {cwd}) exited {proc.returncode}:\n"
            f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}",
            pytrace=False,
        )
    return proc.stdout


def clean_env(venv: Path) -> dict[str, str]:
    """The caller's environment less everything that would help the processes find the code."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "PYTHONPATH",
            "DJANGO_SETTINGS_MODULE",
            "DATABASE_URL",
            "REDIS_URL",
            "CELERY_BROKER_URL",
            "VIRTUAL_ENV",
            "PYTHONHOME",
        }
    }
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONUNBUFFERED"] = "1"
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A new venv holding the locked runtime dependencies and nothing of the project."""
    path = tmp_path_factory.mktemp("install") / "venv"
    run([sys.executable, "-m", "venv", str(path)], cwd=REPO, env=dict(os.environ))
    python = str(path / "bin" / "python")
    # As `make venv` installs: uv from its own lock by pip, then the lock by uv.
    lock = str(REPO / "requirements" / "uv.txt")
    run(
        [python, "-m", "pip", "install", "--quiet", "--require-hashes", "-r", lock],
        cwd=REPO,
        env=dict(os.environ),
        timeout=300,
    )
    run(
        [
            str(path / "bin" / "uv"),
            "pip",
            "install",
            "--quiet",
            "--python",
            python,
            "--compile-bytecode",  # as make venv: PYTHONDONTWRITEBYTECODE=1 here, no cache
            "--require-hashes",
            "-r",
            str(REPO / "requirements" / "base.txt"),
        ],
        cwd=REPO,
        env=dict(os.environ),
        timeout=900,
    )
    return path


def source_copy(dest: Path) -> Path:
    """The working tree without what the user's machine added (venv, caches, builds, data)."""
    ignore = shutil.ignore_patterns(
        ".git", ".venv", "node_modules", "var", "build", "*.egg-info", "__pycache__",
        "artifacts", ".*_cache", "*.so",
    )  # fmt: skip
    shutil.copytree(REPO, dest, ignore=ignore)
    return dest


class Processes:
    """Start documented processes, wait until each answers, stop them all at the end."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.running: list[tuple[str, subprocess.Popen, Path]] = []

    def start(self, name: str, cmd: list[str], *, cwd: Path, env: dict) -> Path:
        log = self.logs / f"{name}.log"
        with open(log, "w") as out:
            proc = subprocess.Popen(
                cmd,
                cwd=cwd,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        self.running.append((" ".join(map(str, cmd)), proc, log))
        return log

    def check_alive(self) -> None:
        for cmd, proc, log in self.running:
            if proc.poll() is not None:
                pytest.fail(
                    f"`{cmd}` exited with {proc.returncode}:\n{log_tail(log)}", pytrace=False
                )

    def wait(self, what: str, cmd: str, predicate, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.check_alive()
            if predicate():
                return
            time.sleep(0.3)
        logs = "\n".join(f"--- {c}\n{log_tail(log)}" for c, _, log in self.running)
        pytest.fail(f"`{cmd}` did not {what} within {timeout:.0f} s\n{logs}", pytrace=False)

    def stop(self) -> None:
        for _, proc, _ in self.running:
            if proc.poll() is None:
                proc.terminate()
        for _, proc, _ in self.running:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def answers(url: str) -> bool:
    import urllib.error
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=3) as resp:
            return resp.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


def check_documented_processes(*, venv: Path, cwd: Path, django: list[str], tmp: Path) -> None:
    """Start every documented process of the platform from ``cwd`` and see each answer.

    ``django`` is how a management command is invoked: ``python manage.py`` from the
    repository root, ``django-admin`` (with the settings the image sets) elsewhere.
    """
    import redis

    bin_ = venv / "bin"
    redis_base = redis_url_for_tests("the install test").rsplit("/", 1)[0]
    redis_url = f"{redis_base}/{REDIS_DB}"
    redis.Redis.from_url(redis_url).flushdb()
    env = clean_env(venv)
    env.update(
        DJANGO_SQLITE_PATH=str(tmp / "db.sqlite3"),
        SIGNING_KEY=secrets.token_hex(32),
        SWEEP_INTERVAL="1",
    )
    if Path(django[0]).name == "django-admin":
        env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    procs = Processes(tmp)
    try:
        # The web process (embedded: SQLite, in-process tasks), as `make run` starts it.
        port = free_port()
        serve = [*django, "serve", "--port", str(port)]
        procs.start("serve", serve, cwd=cwd, env=env)
        procs.wait("answer GET /", " ".join(serve), lambda: answers(f"http://127.0.0.1:{port}/"))

        # The worker and beat on Redis, as docs/operators/processes.md says.
        # Beat's schedule file goes to the test's folder, not the user's checkout.
        env_redis = {**env, "REDIS_URL": redis_url}
        worker = [
            str(bin_ / "celery"), "-A", "config", "worker", "--loglevel=INFO",
            "--queues", "celery,analysis",
        ]  # fmt: skip
        worker_log = procs.start("worker", worker, cwd=cwd, env=env_redis)
        beat = [
            str(bin_ / "celery"), "-A", "config", "beat", "--loglevel=INFO",
            "--schedule", str(tmp / "celerybeat-schedule"),
        ]  # fmt: skip
        beat_log = procs.start("beat", beat, cwd=cwd, env=env_redis)

        def pong() -> bool:
            proc = subprocess.run(
                [str(bin_ / "celery"), "-A", "config", "inspect", "ping", "--timeout", "2"],
                cwd=cwd, env=env_redis, capture_output=True, text=True, timeout=60, check=False,
            )  # fmt: skip
            return proc.returncode == 0 and "pong" in proc.stdout

        procs.wait("answer `celery inspect ping`", " ".join(worker), pong)

        def consumes_both_queues() -> bool:
            proc = subprocess.run(
                [str(bin_ / "celery"), "-A", "config", "inspect", "active_queues", "--json"],
                cwd=cwd, env=env_redis, capture_output=True, text=True, timeout=60, check=False,
            )  # fmt: skip
            return '"celery"' in proc.stdout and '"analysis"' in proc.stdout

        procs.wait("consume the queues celery and analysis", " ".join(worker), consumes_both_queues)
        # Beat's first tournaments tick reaches the worker: both processes run the platform's
        # code. Beat's own thread sweeps the deadlines (core.sweeper).
        procs.wait(
            "receive a task from beat",
            " ".join(beat),
            lambda: (
                "tournaments.tasks.tick" in worker_log.read_text(errors="replace")
                and " succeeded in " in worker_log.read_text(errors="replace")
            ),
        )
        procs.wait(
            "start the sweeper",
            " ".join(beat),
            lambda: "sweeper started: deadlines" in beat_log.read_text(errors="replace"),
        )
        procs.check_alive()
    finally:
        procs.stop()
        redis.Redis.from_url(redis_url).flushdb()

    # The operators' and bot authors' commands.
    out = run([*django, "verify_events"], cwd=cwd, env=env)
    assert "problem" not in out.lower(), out
    record = tmp / "match.json"
    run(
        [
            str(bin_ / "python"), "-m", "games.bots", "simulate", "--players", "4",
            "--seed", secrets.token_hex(32), "--rounds", "2", "--out", str(record),
        ],
        cwd=cwd, env=env,
    )  # fmt: skip
    out = run([str(bin_ / "python"), "-m", "games.engine", "verify", str(record)], cwd=cwd, env=env)
    assert out.strip().startswith("OK"), out


def installed_origin(venv: Path, package: str, cwd: Path) -> str:
    """Where ``package`` is imported from by the venv's Python in ``cwd`` (fails if nowhere)."""
    code = f"import {package}; print({package}.__file__)"
    return run([str(venv / "bin" / "python"), "-c", code], cwd=cwd, env=clean_env(venv)).strip()


@pytest.mark.heavy(70)  # seconds, loaded machine
def test_an_editable_install_runs_every_documented_process_from_the_repository_root(venv, tmp_path):
    run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps", "-e", "."],
        cwd=REPO, env=dict(os.environ), timeout=600,
    )  # fmt: skip
    # Every package of platform/, found from anywhere (the bug: `chat` and `analysis` were not).
    for app in sorted(p.parent.name for p in (REPO / "platform").glob("*/__init__.py")):
        origin = installed_origin(venv, app, tmp_path)
        assert origin.startswith(str(REPO / "platform" / app)), (app, origin)
    check_documented_processes(
        venv=venv, cwd=REPO, django=[str(venv / "bin" / "python"), "manage.py"], tmp=tmp_path
    )


@pytest.mark.heavy(60)  # seconds, loaded machine
def test_a_wheel_holds_every_package_and_runs_every_process_outside_the_source_tree(venv, tmp_path):
    source = source_copy(tmp_path / "src")
    wheels = tmp_path / "wheels"
    run(
        [str(venv / "bin" / "python"), "-m", "pip", "wheel", "--quiet", "--no-deps",
         "-w", str(wheels), str(source)],
        cwd=tmp_path, env=dict(os.environ), timeout=600,
    )  # fmt: skip
    (wheel,) = wheels.glob("*.whl")
    run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-deps",
         "--force-reinstall", str(wheel)],
        cwd=tmp_path, env=dict(os.environ), timeout=600,
    )  # fmt: skip
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    site = run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        cwd=elsewhere, env=clean_env(venv),
    ).strip()  # fmt: skip
    for app in sorted(p.parent.name for p in (REPO / "platform").glob("*/__init__.py")):
        assert installed_origin(venv, app, elsewhere).startswith(site), app
    check_documented_processes(
        venv=venv, cwd=elsewhere, django=[str(venv / "bin" / "django-admin")], tmp=tmp_path
    )
