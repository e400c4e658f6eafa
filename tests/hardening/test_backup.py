"""Backup and restore of the event store, as deploy/README.md tells operators to do it:
``pg_dump --format=custom`` of a live database with finished and running games,
``pg_restore`` into a new database, then ``manage.py verify_events`` on the copy, and every game
loads the same from it.

The append-only trigger does not get in the way: pg_restore loads the rows with COPY (an
insert) and creates triggers after the data, and the restored table refuses UPDATE as before.
Runs on a private PostgreSQL cluster (tests/hardening/private.py).
"""

from __future__ import annotations

import json
import os
import subprocess

import psycopg
import pytest

from tests.support.commands import manage

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

# Run in a manage.py shell on the live database: the hardening world (an open table, a running
# game, a finished rated game, a dispute, a tournament), then a second running game.
BUILD = """
from tests.hardening.world import build_world
from tests.support.factories import open_table, play
w = build_world()
play(open_table(w.cy, [w.mod], bots=2, rounds=2), [w.cy, w.mod], moves=3)
"""

# Print, for every game, what loading it gives: its row, its log's head, and every viewer's view.
DIGEST = """
import json
from games.domain import load
from games.engine import view
from games.models import Game
out = {}
for g in Game.objects.order_by("id"):
    loaded = load(g.stream)
    state = loaded.state
    views = {} if state is None else {
        str(seat): view(state, seat) for seat in [*range(state.seats), None]
    }
    out[str(g.id)] = {
        "row": [g.status, g.version, g.head_hash, g.round, g.to_move, g.result],
        "loaded": [loaded.version, loaded.head_hash],
        "views": views,
    }
print(json.dumps(out, sort_keys=True, default=str))
"""


def manage_on(url: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(DATABASE_URL=url, CELERY_EAGER="1", DJANGO_DEBUG="0", REDIS_URL="")
    env.update(RATED_MIN_GAMES="0", RATED_MIN_ACCOUNT_DAYS="0")  # the world rates fresh accounts
    return manage(*args, env=env, timeout=600)


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def digest(url: str) -> dict:
    """What loading every game of the database at ``url`` gives (DIGEST's last line)."""
    return json.loads(ok(manage_on(url, "shell", "-c", DIGEST)).strip().splitlines()[-1])


def events(url: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(
            "SELECT stream, seq, type, data::text, actor::text, created_at, prev_hash, hash "
            "FROM eventstore_event ORDER BY stream, seq"
        ).fetchall()


@pytest.mark.heavy(55)  # seconds, loaded machine
def test_a_dump_restored_into_a_new_database_verifies_and_loads_the_same_games(
    private_postgres, tmp_path
):
    pg = private_postgres
    live = pg.create_database("live")
    ok(manage_on(live, "migrate", "--noinput", "-v", "0"))
    ok(manage_on(live, "shell", "-c", BUILD))
    with psycopg.connect(live) as conn:
        statuses = [r[0] for r in conn.execute("SELECT status FROM games_game")]
    assert {"finished", "active", "open"} <= set(statuses)
    started = len([s for s in statuses if s != "open"])

    dump = tmp_path / "live.dump"
    ok(pg.tool("pg_dump", "--format=custom", f"--file={dump}", "--dbname", live))
    restored = pg.create_database("restored")
    ok(pg.tool("pg_restore", "--exit-on-error", "--no-owner", "--dbname", restored, str(dump)))

    verified = ok(manage_on(restored, "verify_events"))
    assert f"{started} games verified" in verified, verified
    assert events(restored) == events(live)
    loaded = digest(live)
    assert len([g for g in loaded.values() if g["views"]]) == started
    assert digest(restored) == loaded
    # The copy is as append-only as the original.
    with psycopg.connect(restored) as conn, pytest.raises(psycopg.Error, match="append-only"):
        conn.execute("UPDATE eventstore_event SET type = 'x'")
    # Nothing is missing from the schema either: no migration left to apply.
    ok(manage_on(restored, "migrate", "--check"))
