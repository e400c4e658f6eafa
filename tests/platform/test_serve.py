import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """Return a TCP port that is free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_serve_migrates_and_serves_the_home_page(tmp_path):
    port = free_port()
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    log = tmp_path / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(port)],
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        try:
            status, body = None, b""
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and server.poll() is None:
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as resp:
                        status, body = resp.status, resp.read()
                    break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(0.2)
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()

    assert status == 200, log.read_text()
    assert b"The platform is running" in body
    assert (tmp_path / "db.sqlite3").exists()
