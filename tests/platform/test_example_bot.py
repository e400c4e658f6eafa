"""The example bot (docs/examples/bot.py) plays a whole game against the platform's bots on a
real server (`manage.py serve`, the embedded default), as a user who copied it would run it:
with the token of a bot account its owner registered (POST /api/v1/me/bots), and the generated
client (docs/examples/client/) installed from the repository as docs/bots/client.md says."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.server import REPO
from tests.support.server import free_port
from tests.support.server import log_tail
from tests.support.server import served
from tests.support.server import start
from tests.support.server import stop
from tests.support.server import wait_ready

# slow lane: the example bot against a served platform (processes)
pytestmark = pytest.mark.slow

BOT = REPO / "docs" / "examples" / "bot.py"
CLIENT = REPO / "docs" / "examples" / "client"
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


def _register(url: str, username: str) -> str:
    body = {"username": username, "password": "pw-x-9-long"}
    return _call(url, "POST", "/auth/register", body)["token"]


def _own_bot(url: str, owner: str, name: str) -> str:
    """Register a person ``owner`` and a bot account ``name`` they own; return the bot's token
    (as a user who brings their own bot does: POST /api/v1/me/bots)."""
    created = _call(url, "POST", "/me/bots", {"username": name}, _register(url, owner))
    assert created["is_bot"], created
    return created["token"]


BOT_ACTOR = {"kind": "bot", "name": "examplebot"}  # its moves are labelled a bot's


@pytest.fixture(scope="module")
def client_site(tmp_path_factory) -> Path:
    """The generated client, installed by pip from docs/examples/client/ into a folder of its
    own (its dependencies, httpx and attrs, are the test environment's: offline, no index)."""
    site = tmp_path_factory.mktemp("client-site")
    source = tmp_path_factory.mktemp("client-source") / "client"
    shutil.copytree(CLIENT, source)  # the build writes beside the sources: not in the repository
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--target", str(site), str(source)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    assert (site / "mexican_train_client" / "__init__.py").exists()
    return site


def _bot_env(url: str, token: str, site: Path) -> dict[str, str]:
    """All the bot is given: where the platform is, the token and the installed client (no
    repository, no Django)."""
    return {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": str(site),
        "MT_URL": url,
        "MT_TOKEN": token,
    }


def _embedded_env(tmp_path: Path) -> dict[str, str]:
    """The embedded default (SQLite in tmp_path, in-memory layer, tasks in-process), with the
    platform's default limits."""
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "REDIS_URL", "CELERY_BROKER_URL"):
        env.pop(name, None)
    return env


def test_the_example_bot_plays_a_whole_game_against_platform_bots(tmp_path, client_site):
    log_path = tmp_path / "serve.log"
    with served(_embedded_env(tmp_path), log_path, timeout=60) as url:
        token = _own_bot(url, "botwriter", "examplebot")
        t0 = time.monotonic()
        run = subprocess.run(
            [sys.executable, str(BOT), "--players", "3", "--rounds", "1"],
            env=_bot_env(url, token, client_site),
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
    assert all(a == BOT_ACTOR for a in actors), actors
    assert not any("by" in e["data"] for e in moves), moves
    assert events[-1]["type"] == "MatchEnded", events[-1]


def _state(url: str, gid: str, token: str) -> dict | None:
    """The game as ``token``'s holder sees it; None while the server is away."""
    try:
        return _call(url, "GET", f"/games/{gid}/state", token=token)
    except (urllib.error.URLError, ConnectionError):
        return None


def _move_refused(url: str, gid: str, body: dict, token: str) -> int | None:
    """POST a move; return the refusal's status, None if it was accepted."""
    try:
        _call(url, "POST", f"/games/{gid}/moves", body, token)
    except urllib.error.HTTPError as exc:
        if exc.code == 429:  # the moves' rate limit (20/s): wait as told, as any client must
            time.sleep(float(json.loads(exc.read() or b"{}").get("retry_after", 1)))
        return exc.code
    return None


def _a_game_through_a_restart(tmp_path: Path, site: Path) -> dict:
    """Play a person (over REST) against the example bot, restarting the server after the
    person's second move; return what the bot printed and the game's events."""
    env = _embedded_env(tmp_path)
    log_path = tmp_path / "serve.log"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    bot = None
    with open(log_path, "w") as log:
        proc = start(env, log, port)
        try:
            wait_ready(proc, port, log_path, timeout=60)
            bot_token = _own_bot(url, "botwriter", "examplebot")
            my_token = _register(url, "person")
            variants = {"set_max": 6, "rounds": 1}
            gid = _call(url, "POST", "/games", {"players": 2, "variants": variants}, my_token)["id"]
            _call(url, "POST", f"/games/{gid}/join", {}, bot_token)
            _call(url, "POST", f"/games/{gid}/start", token=my_token)
            bot = subprocess.Popen(
                [sys.executable, str(BOT), gid],
                env=_bot_env(url, bot_token, site),
                cwd=tmp_path,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            my_moves, restarted_at = 0, None
            deadline = time.monotonic() + GAME_SECONDS
            while time.monotonic() < deadline:
                st = _state(url, gid, my_token)
                if st is None:
                    time.sleep(0.2)
                    continue
                if st["status"] != "active":
                    break
                if not st["legal_moves"]:
                    time.sleep(0.05)
                    continue
                body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
                refused = _move_refused(url, gid, body, my_token)
                if refused in (409, 429):  # the bot moved meanwhile, or too fast: look again
                    continue
                assert refused is None, refused
                my_moves += 1
                if my_moves == 2:
                    restarted_at = st["seq"]
                    stop(proc)
                    proc = start(env, log, port)
                    wait_ready(proc, port, log_path, timeout=60)
            out, err = bot.communicate(timeout=60)
            output = f"stdout:\n{out}\nstderr:\n{err}\nserver:\n{log_tail(log_path)}"
            print(output)
            events = _call(url, "GET", f"/games/{gid}/events", token=my_token)
            game = _call(url, "GET", f"/games/{gid}", token=my_token)
        finally:
            if bot is not None and bot.poll() is None:
                bot.kill()
                bot.wait()
            stop(proc)

    return {
        "returncode": bot.returncode, "out": out, "err": err, "output": output,
        "events": events, "game": game, "restarted_at": restarted_at,
    }  # fmt: skip


def test_the_example_bot_plays_its_seat_at_a_given_game_through_a_server_restart(
    tmp_path, client_site
):
    """A person (this test, over REST) against the bot at a table the person opened; the
    server is restarted after the person's second move: the bot's socket drops, it
    reconnects with a fresh ticket, catches up and plays its seat to the end.

    A deal can end the game at the person's second move (the bot went out on a double that
    the person's move left unsatisfied: seen in CI), leaving the bot no turn after the
    restart to show: then another game is played, up to three."""
    for attempt in range(3):
        folder = tmp_path / f"game-{attempt}"
        folder.mkdir()
        run = _a_game_through_a_restart(folder, client_site)
        after = [
            e
            for e in run["events"]
            if e["seq"] > (run["restarted_at"] or 0)
            and e["type"] in MOVE_EVENTS
            and e["data"]["seat"] == 1
        ]
        if after or run["restarted_at"] is None or run["game"]["status"] != "finished":
            break
    bot_returncode, out, err, output = run["returncode"], run["out"], run["err"], run["output"]
    game, restarted_at = run["game"], run["restarted_at"]
    assert bot_returncode == 0, output
    assert game["status"] == "finished", output
    assert restarted_at is not None, output
    assert "reconnecting" in err or "retrying" in err, output  # its socket did drop
    assert "game finished; I was seat 1" in out, output
    assert after, output  # the bot played on after the restart
    assert all(e["actor"] == BOT_ACTOR for e in after), after
