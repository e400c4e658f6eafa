"""Where a load run's time goes: py-spy samples of the platform's processes, and PostgreSQL's
pg_stat_statements, summarised as the top entries.

``Sampler`` attaches ``py-spy record`` (raw collapsed stacks) to running processes for a window
and summarises each: the functions on the most sampled stacks (inclusive: the function or
anything it called was running) and at their top (self). Idle threads (waiting in a poll or a
lock) are left out by py-spy, so the shares are of the time a process was busy on a core.

``statements`` reads the statements that took the most total time from pg_stat_statements
(the server must load it: ``shared_preload_libraries``, as ``make profile-load``'s private
cluster does).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import psycopg

PY_SPY = Path(sys.executable).with_name("py-spy")
ROOT = Path(__file__).resolve().parents[2]
# py-spy names a file by its path below its sys.path entry: the project's own start with one of
# its packages.
OWN = tuple(
    f"{p.name}/"
    for folder in (ROOT, ROOT / "platform")
    for p in folder.iterdir()
    if (p / "__init__.py").exists() and p.name != "tests"
)
# A frame in py-spy's raw output: "function (path/to/file.py:123)".
_FRAME = re.compile(r"^(?P<func>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


@dataclass
class Profile:
    name: str
    samples: int
    inclusive: Counter  # the project's own functions only
    self_time: Counter

    def report(self, top: int = 25) -> str:
        """The top entries, as lines of ``share  function (file)``."""
        if not self.samples:
            return f"{self.name}: no samples (the process was idle or py-spy could not attach)"
        lines = [f"{self.name}: {self.samples} busy samples"]
        lines.append("  inclusive, the project's own code (the function or what it called):")
        for frame, n in self.inclusive.most_common(top):
            lines.append(f"    {100 * n / self.samples:5.1f}%  {frame}")
        lines.append("  self (the function itself was on a core):")
        for frame, n in self.self_time.most_common(top):
            lines.append(f"    {100 * n / self.samples:5.1f}%  {frame}")
        return "\n".join(lines)


def _short(frame: str) -> tuple[str, bool]:
    """``func (.../site-packages/pkg/mod.py:12)`` -> ``func (pkg/mod.py)``: readable, and one
    entry for a function whichever line of it was sampled; and whether it is the project's."""
    match = _FRAME.match(frame.strip())
    if not match:
        return frame.strip(), False
    path = match["file"]
    for marker in ("site-packages/", "/lib/python3.11/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{match['func']} ({path})", path.startswith(OWN)


def summarise(name: str, raw: str) -> Profile:
    """Fold py-spy's raw output (one ``frame;frame;... count`` line a distinct stack)."""
    inclusive: Counter = Counter()
    self_time: Counter = Counter()
    samples = 0
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        n = int(count)
        frames = [
            _short(f)
            for f in stack.split(";")
            if f.strip() and not f.startswith(("process ", "thread "))
        ]
        if not frames:
            continue
        samples += n
        for frame in {name for name, own in frames if own}:
            inclusive[frame] += n
        self_time[frames[-1][0]] += n
    return Profile(name, samples, inclusive, self_time)


class Sampler:
    """``py-spy record`` on each named process for ``seconds``; ``profiles()`` once they end."""

    def __init__(self, out: Path, seconds: float, rate: int = 200, gil: bool = False) -> None:
        self.out, self.seconds, self.rate, self.gil = out, seconds, rate, gil
        self._runs: list[tuple[str, Path, subprocess.Popen]] = []
        out.mkdir(parents=True, exist_ok=True)

    def attach(self, name: str, pid: int) -> None:
        path = self.out / f"{name}.txt"
        proc = subprocess.Popen(  # noqa: S603 — our own tool on our own processes
            [
                str(PY_SPY),
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(max(int(self.seconds), 1)),
                "--rate",
                str(self.rate),
                "--format",
                "raw",
                "--nonblocking",
                *(["--gil"] if self.gil else []),
                "--output",
                str(path),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._runs.append((name, path, proc))

    def profiles(self) -> list[Profile]:
        found = []
        for name, path, proc in self._runs:
            try:
                _, err = proc.communicate(timeout=self.seconds + 60)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
            raw = path.read_text(errors="replace") if path.exists() else ""
            if not raw and err:
                print(f"py-spy on {name}: {err.strip().splitlines()[-1]}", file=sys.stderr)
            found.append(summarise(name, raw))
        return found


STATEMENTS = """
SELECT calls, total_exec_time, mean_exec_time, rows, query
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
ORDER BY total_exec_time DESC
LIMIT %s
"""


def reset_statements(url: str) -> bool:
    """Start pg_stat_statements afresh (False if the server does not load it)."""
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            conn.execute("SELECT pg_stat_statements_reset()")
        return True
    except psycopg.Error as exc:
        print(f"pg_stat_statements unavailable: {exc}".splitlines()[0], file=sys.stderr)
        return False


def statements(url: str, top: int = 15) -> str:
    """The statements of ``url``'s database that took the most total time, one line each."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(STATEMENTS, [top]).fetchall()
    total = sum(r[1] for r in rows) or 1.0
    lines = ["pg_stat_statements (this database), by total time:"]
    lines.append("   calls   total ms  mean ms   rows  share  statement")
    for calls, total_ms, mean_ms, nrows, query in rows:
        text = " ".join(query.split())
        lines.append(
            f"  {calls:6d} {total_ms:10.0f} {mean_ms:8.3f} {nrows:6d} "
            f"{100 * total_ms / total:5.1f}%  {text[:150]}"
        )
    return "\n".join(lines)


# -- what each component does per move (docs/scaling.md's model is fitted to these) -------------

DATABASE_COUNTERS = """
SELECT xact_commit, tup_inserted, tup_updated, tup_returned + tup_fetched, blks_hit + blks_read
FROM pg_stat_database WHERE datname = current_database()
"""
STATEMENT_TOTALS = """
SELECT coalesce(sum(calls), 0), coalesce(sum(total_exec_time), 0)
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
"""


def component_counters(database_url: str, redis_urls: list[str]) -> dict[str, float]:
    """PostgreSQL's and the Redis servers' cumulative counters now (compare two readings: the
    servers must be the run's own, as profile-load's private ones are)."""
    import redis

    out: dict[str, float] = {}
    with psycopg.connect(database_url) as conn:
        commits, inserted, updated, read, blocks = conn.execute(DATABASE_COUNTERS).fetchone()
        out.update(
            {"pg transactions": commits, "pg rows inserted": inserted, "pg rows updated": updated,
             "pg rows read": read, "pg buffers touched": blocks}
        )  # fmt: skip
        try:
            calls, ms = conn.execute(STATEMENT_TOTALS).fetchone()
            out.update({"pg statements": calls, "pg statement ms": ms})
        except psycopg.Error:
            pass
    for url in dict.fromkeys(u.rsplit("/", 1)[0] for u in redis_urls):  # each server once
        client = redis.Redis.from_url(url)
        stats = client.info("stats")
        out["redis bytes in"] = out.get("redis bytes in", 0) + stats["total_net_input_bytes"]
        out["redis bytes out"] = out.get("redis bytes out", 0) + stats["total_net_output_bytes"]
        out["redis commands"] = out.get("redis commands", 0) + stats["total_commands_processed"]
        for name, row in client.info("commandstats").items():
            key = f"redis {name.removeprefix('cmdstat_')}"
            out[key] = out.get(key, 0) + row["calls"]
    return out


def per_move(before: dict[str, float], after: dict[str, float], moves: int) -> str:
    """The counters' growth between two readings, per move, largest first."""
    if moves <= 0:
        return "per move: no moves"
    rows = sorted(
        ((k, (after.get(k, 0) - before.get(k, 0)) / moves) for k in after),
        key=lambda kv: (["cpu", "pg", "redis"].index(kv[0].split()[0]), -kv[1]),
    )
    lines = [f"per move ({moves} moves, every process together):"]
    lines += [f"  {name:28s} {value:10.2f}" for name, value in rows if value >= 0.01]
    return "\n".join(lines)


def _cpu_seconds(pid: int) -> float:
    """utime + stime of one process (Linux /proc), 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(ppid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == ppid:
                out.append(int(entry.name))
    return out


def cpu_counters(processes: dict[str, int], database_url: str, redis_url: str) -> dict[str, float]:
    """CPU seconds so far of ``processes`` (name -> pid: the web processes, the worker), of
    PostgreSQL (the postmaster and every backend: the server must be the run's own) and of the
    Redis server."""
    import redis

    out = {f"cpu ms {name}": 1000 * _cpu_seconds(pid) for name, pid in processes.items()}
    with psycopg.connect(database_url) as conn:
        backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        # Read while the connection is open: its backend exits as it closes.
        postmaster = int(Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1])
    pg = [postmaster, *_children(postmaster)]
    out["cpu ms postgres"] = 1000 * sum(_cpu_seconds(pid) for pid in pg)
    redis_pid = redis.Redis.from_url(redis_url).info("server")["process_id"]
    out["cpu ms redis"] = 1000 * _cpu_seconds(redis_pid)
    return out
