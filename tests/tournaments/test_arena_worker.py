"""An arena on a real Celery worker and beat over Redis (the production way, DESIGN's Time):
beat's tick starts it at its time and pairs its pool; each wave's tables start at their ready
window's end (the queued task, or the tick); a table that ends sends its players back to the
pool, and the worker pairs them into the next wave. The test process plays the web server's
part."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.models import GameStatus
from tests.games.conftest import celery_processes  # noqa: F401 — a worker and beat per test
from tests.support.celery import wait_for
from tests.support.factories import bots
from tests.support.factories import new_tournament
from tests.support.factories import organizer
from tests.support.factories import register
from tournaments.models import TournamentStatus
from tournaments.models import TournamentTable

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_worker_runs_an_arena_wave_after_wave(celery_processes):  # noqa: F811
    tournament = new_tournament(
        organizer(),
        format="arena",
        starts_in=timedelta(seconds=3),
        duration_minutes=5,
        table_size=2,
        ready_seconds=5,
        arena_wait_seconds=5,
    )
    register(tournament, bots(4))

    def running():
        tournament.refresh_from_db()
        return tournament.status == TournamentStatus.RUNNING and tournament.current_round >= 1

    wait_for(running, timeout=30, what="beat's tick to start the arena", procs=celery_processes)

    def waves(n):
        def enough():
            ended = TournamentTable.objects.filter(
                round__tournament=tournament, finished_at__isnull=False
            ).count()
            return ended >= 2 and tournament.round_set.count() >= n

        return enough

    wait_for(waves(3), timeout=90, what="tables ended and new waves paired", procs=celery_processes)
    first = TournamentTable.objects.filter(round__tournament=tournament, round__number=1)
    assert {t.game.status for t in first.select_related("game")} <= {
        GameStatus.ACTIVE,
        GameStatus.FINISHED,
    }
    tournament.refresh_from_db()
    assert tournament.standings is not None
    assert sum(line["games"] for line in tournament.standings["lines"]) >= 4  # 2 tables of 2
