"""Run the real platform (`manage.py serve`: migrate, then uvicorn with HTTP and WebSocket) in a
subprocess on a free loopback port, for end-to-end tests and benchmarks."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


class ServerError(RuntimeError):
    """The server exited or did not answer in time; the message ends with its log."""


def free_port() -> int:
    """Return a TCP port that is free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def spawn(command: list[str], *, env: Mapping[str, str], log, cwd: Path = REPO) -> subprocess.Popen:
    """Start ``command`` in ``cwd`` with ``env``; its output goes to the open file ``log`` (a
    pipe nobody reads would fill up and block it)."""
    return subprocess.Popen(
        command,
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def start(env: Mapping[str, str], log, port: int) -> subprocess.Popen:
    """Start the server with ``env``, its output to the open file ``log``."""
    return spawn([sys.executable, "manage.py", "serve", "--port", str(port)], env=env, log=log)


def log_tail(log_path: Path, lines: int = 40) -> str:
    """Return the last lines of a server log."""
    with contextlib.suppress(OSError):
        return "\n".join(log_path.read_text(errors="replace").splitlines()[-lines:])
    return ""


def wait_ready(
    proc: subprocess.Popen, port: int, log_path: Path, *, timeout: float = 90.0, path: str = "/"
) -> float:
    """Wait until GET ``path`` answers 200; return how long that took."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            raise ServerError(f"the server exited with {proc.returncode}:\n{log_tail(log_path)}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as resp:
                if resp.status == 200:
                    return time.monotonic() - t0
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise ServerError(f"the server did not answer within {timeout:.0f} s:\n{log_tail(log_path)}")


def stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Terminate ``proc`` if it still runs; kill it if it has not ended within ``timeout`` s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def served(
    env: Mapping[str, str], log_path: Path, *, timeout: float = 90.0, path: str = "/"
) -> Iterator[str]:
    """Run the server for the ``with`` block; yield its base URL (``http://127.0.0.1:PORT``)."""
    port = free_port()
    with open(log_path, "w") as log:
        proc = start(env, log, port)
        try:
            wait_ready(proc, port, log_path, timeout=timeout, path=path)
            yield f"http://127.0.0.1:{port}"
        finally:
            stop(proc)
