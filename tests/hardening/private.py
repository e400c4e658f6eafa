"""A private PostgreSQL cluster and a private redis-server, on free ports in a temporary folder,
for tests that stop, kill and restart them without disturbing the shared ones other tests use.

PostgreSQL's binaries come from /usr/lib/postgresql/<version>/bin (Debian's layout); initdb
refuses to run as root, so as root every PostgreSQL command runs as the ``postgres`` user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg

from tests.support.server import free_port


class Unavailable(RuntimeError):
    """The binaries to run a private server are not installed."""


def pg_bin_dir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise Unavailable("no PostgreSQL server binaries (initdb) found")


def _version_key(path: str) -> tuple:
    version = Path(path).parents[1].name
    return tuple(int(x) if x.isdigit() else 0 for x in version.split("."))


class PrivatePostgres:
    """One PostgreSQL cluster of this test's own: ``start``, ``stop`` (``kill`` for a crash),
    ``start`` again on the same data and port."""

    def __init__(self, root: Path, options: str = "") -> None:
        self.bin = pg_bin_dir()
        self.root = root
        self.options = options  # more server settings: "-c name=value ..." (later ones win)
        self.data = root / "pgdata"
        self.log = root / "postgres.log"
        self.port = free_port()
        self._as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self._as_postgres:
            shutil.chown(root, user="postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")

    def _run(self, tool: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [*self._as_postgres, str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            check=check,
            timeout=120,
            cwd=self.root,
        )

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> None:
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root} "
            f"-c fsync=off -c max_connections=100 {self.options}"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` (clean), ``immediate`` (as a crash: recovery on restart)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop", check=False)

    def running(self) -> bool:
        return self._run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    def create_database(self, name: str) -> str:
        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def tool(self, name: str, *args: str) -> subprocess.CompletedProcess:
        """Run a client tool (pg_dump, pg_restore) of the same version, as this user."""
        return subprocess.run(
            [str(self.bin / name), *args], capture_output=True, text=True, timeout=300
        )

    def close(self) -> None:
        if self.data.exists():
            self.stop("immediate")


class PrivateRedis:
    """One redis-server of this test's own, without persistence: ``start``, ``stop``, ``start``."""

    def __init__(self, root: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise Unavailable("redis-server is not installed")
        self.binary = binary
        self.root = root
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self._log = open(self.root / "redis.log", "a")  # noqa: SIM115 — closed in stop()
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "no", "--dir", str(self.root)],
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        for _ in range(100):
            with contextlib.suppress(redis.exceptions.ConnectionError):
                if client.ping():
                    return
            time.sleep(0.1)
        raise RuntimeError("the private redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.proc = None
        if self._log is not None:
            self._log.close()
            self._log = None

    def close(self) -> None:
        self.stop()


@contextlib.contextmanager
def private_services(
    *, redis: bool = True, postgres_options: str = ""
) -> Iterator[tuple[PrivatePostgres, PrivateRedis | None]]:
    """A started private PostgreSQL (and redis-server); both stopped and removed afterwards.
    ``postgres_options``: more server settings (``PrivatePostgres``)."""
    root = Path(tempfile.mkdtemp(prefix="mt-private-"))
    postgres = redis_server = None
    try:
        postgres = PrivatePostgres(root, postgres_options)
        postgres.start()
        if redis:
            redis_server = PrivateRedis(root)
            redis_server.start()
        yield postgres, redis_server
    finally:
        for server in (redis_server, postgres):
            if server is not None:
                with contextlib.suppress(Exception):
                    server.close()
        shutil.rmtree(root, ignore_errors=True)
