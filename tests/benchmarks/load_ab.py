"""`make load` A/B: the load test of an old revision and of this checkout, alternated in one run.

A load test's figures move with whatever else the machine is doing, so a before/after claim
("2x the moves/s") only holds when both sides ran under the same noise: this runs the old
revision's ``tests.benchmarks.load`` and this checkout's alternately (old, new, old, new, ...)
with the same arguments, then prints each side's medians of moves/s and move-to-delivery
p50/p99, and the new/old ratios.

Moves/s per core: a side's moves/s divided by the cores its platform kept busy over the measured
seconds, that is the CPU time (``/proc``) of its web processes and worker, and of the PostgreSQL and
Redis servers, divided by those seconds. On a machine the load generator shares, moves/s alone
is capped by the generator's own CPU; per core is what a move costs the platform. PostgreSQL and
Redis count whole, so nothing else should use them during the run (``--redis`` names a Redis
server of its own).

The old revision runs from a git worktree (``git worktree add`` of ``--old``, made once under
``--worktree`` and reused) with an install of its own: a virtualenv in the worktree holding the
libraries of this checkout's lock (requirements/test.txt, so that only the platform's code
differs between the sides) and the old tree installed into it, editable. A shared install would
map the packages to one tree, and a module one side lacks would silently come from the other
(the old worker once died importing the new tree's notifications/tasks.py), so each side runs
its own interpreter, with its own tree first on ``sys.path`` too (an old revision's install may
not list every package of its own), and each side's imports are checked before anything runs.
Each side has its own database and Redis databases (channel layer and cache, broker), so
neither sees the other's games or queue. A side that moved nothing fails the run.

Run: ``make load-ab`` or ``python -m tests.benchmarks.load_ab [--old c9a47bf] [--rounds 2]
[--tables 8] [--seconds 20] [--warmup 5] [--web 1] [--worker-threads 4] [--arrive-first]
[--redis URL]``. Needs PostgreSQL
and Redis as ``make load`` does; drops and recreates ``mexican_train_load_a`` (old) and
``mexican_train_load_b`` (new), and uses Redis databases 8/9 (old) and 10/11 (new). Prints
figures; asserts nothing about them.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PG = "postgres://postgres@127.0.0.1:5432"
REDIS = "redis://127.0.0.1:6379"

# load.py derives its broker from LOAD_REDIS_URL as database 15 for every run, which would put
# both sides (and any `make load` running meanwhile) on one queue. Rather than edit the old
# revision's harness, this wraps the three places the broker reaches (the purge, the web
# processes' environment and the worker's) so each side gets its own; the test itself is the
# side's own, unchanged.
BOOTSTRAP = """
import os, sys, time
from pathlib import Path
import psycopg, redis
import tests.benchmarks.load as load
tree = Path.cwd().resolve()
assert Path(load.__file__).resolve().is_relative_to(tree), load.__file__
broker = os.environ["LOAD_AB_BROKER_URL"]
real_start, real_celery, real_purge = load.start, load.Celery, load.purge
platform = {}  # name -> pid of the side's web processes and worker
def start(env, log, port):
    proc = real_start({**env, "CELERY_BROKER_URL": broker}, log, port)
    platform[f"web-{sum(k.startswith('web') for k in platform)}"] = proc.pid
    return proc
def celery(env, logs):
    worker = real_celery({**env, "CELERY_BROKER_URL": broker}, logs)
    platform["worker"] = worker
    return worker
load.start, load.Celery = start, celery
load.purge = lambda _url: real_purge(broker)

# Not tests.benchmarks.profiling.cpu_counters: this runs in the old side's tree too, which may
# not have that module; and a backend that exits is counted here through its parent's cutime.
TICK = os.sysconf("SC_CLK_TCK")
def stat(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
def tree_cpu(root):
    # CPU seconds of a process (its threads too), of its live descendants and of the children
    # they reaped (PostgreSQL's backends that exited, for one).
    kids = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (f := stat(entry.name)):
            kids.setdefault(int(f[1]), []).append(int(entry.name))
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        f = stat(pid)
        if f:
            total += sum(int(x) for x in f[11:15]) / TICK  # utime stime cutime cstime
        todo += kids.get(pid, [])
    return total
def platform_cpu(url):
    pids = {k: (v.worker.pid if hasattr(v, "worker") else v) for k, v in platform.items()}
    out = {k: tree_cpu(pid) for k, pid in pids.items()}
    with psycopg.connect(url) as conn:  # its backend's parent: the postmaster
        postmaster = int(stat(conn.execute("SELECT pg_backend_pid()").fetchone()[0])[1])
    out["postgres"] = tree_cpu(postmaster)
    out["redis"] = tree_cpu(redis.Redis.from_url(os.environ["LOAD_REDIS_URL"]).info("server")["process_id"])
    return out
real_db_now, window = load.db_now, []
def db_now(url):
    window.append((time.monotonic(), platform_cpu(url)))
    if len(window) == 2:
        (t0, a), (t1, b) = window
        used = {k: b[k] - a.get(k, 0.0) for k in b}
        print(f"platform cpu: {sum(used.values()):.2f} s over {t1 - t0:.2f} s (" + ", ".join(
            f"{k} {v:.2f}" for k, v in used.items()) + ")", flush=True)
    return real_db_now(url)
load.db_now = db_now
sys.exit(load.main(sys.argv[1:]))
"""


def packages(tree: Path) -> list[str]:
    """What the side's web and worker processes import: the tree's own top-level packages."""
    found = [p.parent.name for p in tree.glob("*/__init__.py") if p.parent.name != "tests"]
    return sorted(found + [p.parent.name for p in (tree / "platform").glob("*/__init__.py")])


@dataclass
class Side:
    name: str
    tree: Path
    database: str
    redis_db: int
    python: Path = Path(sys.executable)
    redis: str = REDIS
    runs: list[dict] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("DJANGO_SETTINGS_MODULE", "CELERY_BROKER_URL", "PYTHONPATH", "VIRTUAL_ENV")
        }
        env.update(
            LOAD_DATABASE_URL=f"{PG}/{self.database}",
            LOAD_REDIS_URL=f"{self.redis}/{self.redis_db}",
            LOAD_AB_BROKER_URL=f"{self.redis}/{self.redis_db + 1}",
            PYTHONPATH=os.pathsep.join([str(self.tree), str(self.tree / "platform")]),
            PYTHONUNBUFFERED="1",
        )
        return env


def own_install(tree: Path) -> Path:
    """Return the Python of a virtualenv in ``tree`` holding this checkout's locked libraries
    and ``tree`` itself (editable); made once, and again when the lock changes."""
    lock = ROOT / "requirements" / "test.txt"
    venv = tree / ".venv"
    python = venv / "bin" / "python"
    stamp = venv / ".load-ab-lock"
    want = lock.read_text()
    if python.exists() and stamp.exists() and stamp.read_text() == want:
        return python
    print(f"installing {tree} into {venv} (the libraries of {lock.relative_to(ROOT)})", flush=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # As `make venv` installs: the lock by uv (this checkout's, from requirements/uv.txt).
    uv = [
        str(Path(sys.executable).parent / "uv"),
        "pip",
        "install",
        "--quiet",
        "--compile-bytecode",
        "--python",
    ]
    subprocess.run([*uv, str(python), "--require-hashes", "-r", str(lock)], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--no-deps", "-e", str(tree)], check=True)
    stamp.write_text(want)
    return python


def worktree(old: str, path: Path) -> Path:
    """Return a worktree of ``old`` at ``path``, adding it unless one at that commit is there."""
    want = git("rev-parse", f"{old}^{{commit}}")
    if (path / ".git").exists():
        have = git("rev-parse", "HEAD", cwd=path)
        if have != want:
            raise SystemExit(
                f"{path} is a worktree of {have[:9]}, not {old}; remove it or pass "
                "--worktree elsewhere"
            )
        return path
    subprocess.run(["git", "worktree", "add", "--detach", str(path), want], cwd=ROOT, check=True)
    return path


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def check_imports(side: Side) -> None:
    """Fail unless every package the side's servers import comes from the side's own tree."""
    code = "import importlib; print('\\n'.join(importlib.import_module(p).__file__ for p in %r))"
    out = subprocess.run(
        [str(side.python), "-c", code % (packages(side.tree),)],
        cwd=side.tree,
        env=side.env(),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    stray = [f for f in out if not Path(f).resolve().is_relative_to(side.tree.resolve())]
    if stray:
        raise SystemExit(f"{side.name}: imports from outside {side.tree}: {stray}")


FIGURES = {
    "moves": re.compile(r"^moves/s: ([\d.]+) all \(([\d.]+) by people .*?, ([\d.]+) by bots"),
    "latency": re.compile(r"^move-to-delivery .*?n=(\d+) p50 ([\d.]+) ms, p99 ([\d.]+) ms"),
    "errors": re.compile(r"^errors: (\d+)"),
    "raw": re.compile(r"^raw single-row INSERT .*?: ([\d.]+)/s"),
    "cpu": re.compile(r"^platform cpu: ([\d.]+) s over ([\d.]+) s"),
}


def parse(text: str) -> dict:
    got: dict = {}
    for line in text.splitlines():
        for key, rx in FIGURES.items():
            m = rx.match(line)
            if m:
                got[key] = tuple(float(x) for x in m.groups())
    out = {}
    if "moves" in got:
        out["moves/s"], out["people/s"], out["bots/s"] = got["moves"]
    if "latency" in got:
        out["n"], out["p50"], out["p99"] = got["latency"]
    if "errors" in got:
        out["errors"] = got["errors"][0]
    if "raw" in got:
        out["raw/s"] = got["raw"][0]
    if "cpu" in got and "moves" in got:
        cpu, seconds = got["cpu"]
        out["cores"] = cpu / seconds  # the platform's processes' CPU, in cores kept busy
        out["per core"] = out["moves/s"] / out["cores"] if cpu else 0.0
    return out


def run_side(side: Side, load_args: list[str], round_no: int) -> None:
    print(f"--- round {round_no}, {side.name} ({side.tree})", flush=True)
    proc = subprocess.run(
        [str(side.python), "-c", BOOTSTRAP, *load_args],
        cwd=side.tree,
        env=side.env(),
        capture_output=True,
        text=True,
    )
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.stdout.write(proc.stderr[-4000:])
        print(f"{side.name}: the load test exited with {proc.returncode}", flush=True)
        return
    # load.py ends with the tails of server logs that hold a traceback; the rest of stderr is
    # their access log. (A socket closed by the harness at the end while its move's answer is
    # on the way is one such traceback, ClientDisconnected, and is harmless.)
    at = proc.stderr.find(" has tracebacks:")
    if at >= 0:
        at = proc.stderr.rfind("--- ", 0, at)
        sys.stdout.write(proc.stderr[at : at + 3000] + "\n")
    side.runs.append(parse(proc.stdout))
    sys.stdout.flush()


def median(side: Side, key: str) -> float:
    values = [r[key] for r in side.runs if key in r]
    return statistics.median(values) if values else float("nan")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", default="c9a47bf", help="the revision to compare against")
    ap.add_argument("--worktree", type=Path, default=Path("/tmp/mt-old"))
    ap.add_argument("--rounds", type=int, default=2, help="old, new pairs")
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--web", type=int, default=1)
    ap.add_argument("--worker-threads", type=int, default=4)
    ap.add_argument(
        "--think",
        type=float,
        default=0,
        help="load's --think on both sides: an open loop at a human pace (0: closed loop)",
    )
    ap.add_argument(
        "--arrive-first",
        action="store_true",
        help="load's --arrive-first on both sides (both revisions' load must know it)",
    )
    ap.add_argument(
        "--redis",
        default=REDIS,
        help="the Redis server (its databases 8-11 are flushed): another one than a test run's",
    )
    args = ap.parse_args(argv)
    load_args = [
        f"--tables={args.tables}",
        f"--seconds={args.seconds}",
        f"--warmup={args.warmup}",
        f"--web={args.web}",
        f"--worker-threads={args.worker_threads}",
    ] + (["--arrive-first"] if args.arrive_first else [])
    if args.think:
        load_args.append(f"--think={args.think}")
    old_tree = worktree(args.old, args.worktree)
    redis = args.redis.rstrip("/")
    old = Side(f"old {args.old}", old_tree, "mexican_train_load_a", 8, own_install(old_tree), redis)
    dirty = " + uncommitted changes" if git("status", "--porcelain", "--untracked-files=no") else ""
    new = Side(
        f"new {git('rev-parse', '--short', 'HEAD')}{dirty}",
        ROOT,
        "mexican_train_load_b",
        10,
        redis=redis,
    )
    for side in (old, new):
        check_imports(side)
    print(f"A/B: {' '.join(load_args)}, {args.rounds} round(s), old first", flush=True)
    for r in range(1, args.rounds + 1):
        for side in (old, new):
            run_side(side, load_args, r)

    print("\n=== per run")
    for side in (old, new):
        for i, run in enumerate(side.runs, 1):
            print(
                f"{side.name:>32} #{i}: {run.get('moves/s', float('nan')):7.1f} moves/s "
                f"(people {run.get('people/s', float('nan')):.1f}, bots "
                f"{run.get('bots/s', float('nan')):.1f}), p50 {run.get('p50', float('nan')):.1f} "
                f"ms, p99 {run.get('p99', float('nan')):.1f} ms, errors "
                f"{run.get('errors', float('nan')):.0f}, raw INSERT "
                f"{run.get('raw/s', float('nan')):.0f}/s, platform "
                f"{run.get('cores', float('nan')):.2f} cores = "
                f"{run.get('per core', float('nan')):.1f} moves/s per core"
            )
    print("\n=== medians (new / old)")
    for key, unit in (
        ("moves/s", ""),
        ("people/s", ""),
        ("bots/s", ""),
        ("p50", " ms"),
        ("p99", " ms"),
        ("raw/s", ""),
        ("cores", ""),
        ("per core", ""),
    ):
        a, b = median(old, key), median(new, key)
        print(
            f"{key:>9}: old {a:8.1f}{unit:3}  new {b:8.1f}{unit:3}  new/old {b / a:6.2f}x"
            if a
            else f"{key:>9}: old {a}  new {b}"
        )
    if len(old.runs) < args.rounds or len(new.runs) < args.rounds:
        print(f"incomplete: old {len(old.runs)}/{args.rounds}, new {len(new.runs)}/{args.rounds}")
        return 1
    idle = [
        f"{side.name} run {i}"
        for side in (old, new)
        for i, run in enumerate(side.runs, 1)
        if not run.get("moves/s")
    ]
    if idle:
        print(f"failed: no move was made in {', '.join(idle)}: no figure to compare")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
