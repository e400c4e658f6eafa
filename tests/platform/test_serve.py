import os
import time
import urllib.request

import pytest

from tests.platform.test_sqlite_embedded import call_ok
from tests.support.server import served


@pytest.mark.slow
def test_serve_migrates_and_serves_the_home_page(tmp_path):
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    with served(env, tmp_path / "serve.log", timeout=60) as url:
        with urllib.request.urlopen(url + "/", timeout=5) as resp:
            status, body = resp.status, resp.read()
    assert status == 200
    # A fresh platform: its home page tells the reader what to do next.
    assert b"No table is waiting for players" in body
    assert b"No tournament is scheduled yet." in body
    assert (tmp_path / "db.sqlite3").exists()


@pytest.mark.slow
def test_the_embedded_default_plays_a_correspondence_game_with_a_bot_over_http(tmp_path):
    """The embedded default (SQLite, in-process tasks) runs the write pipeline's hand-written
    statements (core.sql: the lock-and-read, the row updates, the token lookup; the notice's
    insert) as well as PostgreSQL does: two people and a bot play moves over the API."""
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3"), "RATE_LIMITS": "0"}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "CELERY_BROKER_URL"):
        env.pop(name, None)
    with served(env, tmp_path / "serve.log", timeout=60) as url:
        api = "/api/v1"
        tokens = [
            call_ok(
                url,
                "POST",
                f"{api}/auth/register",
                {"username": f"p{i}", "password": "pw-x-9-long"},
            )["token"]
            for i in range(2)
        ]
        game = call_ok(
            url,
            "POST",
            f"{api}/games",
            {
                "players": 3,
                "variants": {"set_max": 6, "rounds": 1},
                "time_control": {"kind": "correspondence"},
            },
            tokens[0],
        )
        gid = game["id"]
        call_ok(url, "POST", f"{api}/games/{gid}/join", token=tokens[1])
        call_ok(url, "POST", f"{api}/games/{gid}/bots", {"strategy": "greedy"}, tokens[0])
        call_ok(url, "POST", f"{api}/games/{gid}/start", token=tokens[0])
        moved = 0
        deadline = time.monotonic() + 45
        while moved < 20 and time.monotonic() < deadline:
            states = [call_ok(url, "GET", f"{api}/games/{gid}/state", token=t) for t in tokens]
            if states[0]["status"] != "active":
                break
            mover = next((i for i, s in enumerate(states) if s.get("legal_moves")), None)
            if mover is None:  # the bot's turn, played by the server's own task thread
                time.sleep(0.05)
                continue
            st = states[mover]
            call_ok(
                url,
                "POST",
                f"{api}/games/{gid}/moves",
                {**st["legal_moves"][0], "expected_seq": st["seq"]},
                tokens[mover],
            )
            moved += 1
        events = call_ok(url, "GET", f"{api}/games/{gid}/events", token=tokens[0])
        notices = call_ok(url, "GET", f"{api}/notifications", token=tokens[1])
    assert moved == 20 or states[0]["status"] == "finished", (moved, states[0]["status"])
    assert any(e["actor"].get("kind") == "bot" for e in events), "the bot played too"
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert notices, "correspondence turns left a notice"
