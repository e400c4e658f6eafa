"""The example bot (docs/examples/bot.py) plays a whole game against the platform's bots on a
real server (`manage.py serve`, the embedded default), as a user who copied it would run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.support.server import REPO, log_tail, served

BOT = REPO / "docs" / "examples" / "bot.py"
API = "/api/v1"
GAME_SECONDS = 120
MOVE_EVENTS = {"EnginePlaced", "TilePlayed", "TileDrawn", "TurnPassed", "TurnStopped"}


def _call(url: str, method: str, path: str, body=None, token: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url + API + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Token {token}")
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def _embedded_env(tmp_path: Path) -> dict[str, str]:
    """The embedded default (SQLite in tmp_path, in-memory layer, tasks in-process), with the
    platform's default limits."""
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "CELERY_BROKER_URL"):
        env.pop(name, None)
    return env


def test_the_example_bot_plays_a_whole_game_against_platform_bots(tmp_path):
    log_path = tmp_path / "serve.log"
    with served(_embedded_env(tmp_path), log_path, timeout=60) as url:
        token = _call(
            url, "POST", "/auth/register", {"username": "botwriter", "password": "pw-x-9-long"}
        )["token"]
        env = {"PATH": os.environ.get("PATH", ""), "MT_URL": url, "MT_TOKEN": token}
        t0 = time.monotonic()
        run = subprocess.run(
            [sys.executable, str(BOT), "--players", "3", "--rounds", "1"],
            env=env,
            cwd=tmp_path,  # a copy of the bot needs nothing of the repository
            capture_output=True,
            text=True,
            timeout=GAME_SECONDS,
        )
        took = time.monotonic() - t0
        output = f"stdout:\n{run.stdout}\nstderr:\n{run.stderr}\nserver:\n{log_tail(log_path)}"
        print(f"the example bot's game took {took:.1f} s\n{run.stdout}{run.stderr}")

        assert run.returncode == 0, output
        game_id = run.stdout.split("/games/", 1)[1].split()[0]
        game = _call(url, "GET", f"/games/{game_id}", token=token)
        events = _call(url, "GET", f"/games/{game_id}/events", token=token)

    assert game["status"] == "finished", (game, output)
    assert "game finished; I was seat 0" in run.stdout, output  # the creator's seat
    for seat in range(3):  # the final scores
        assert f"seat {seat}: " in run.stdout, output
    moves = [e for e in events if e["type"] in MOVE_EVENTS and e["data"]["seat"] == 0]
    assert moves, events
    # The bot's seat moved in the account's own name, never a timeout's or a stand-in bot's.
    actors = [e["actor"] for e in moves]
    assert all(a == {"kind": "player", "name": "botwriter"} for a in actors), actors
    assert not any("by" in e["data"] for e in moves), moves
    assert events[-1]["type"] == "MatchEnded", events[-1]
