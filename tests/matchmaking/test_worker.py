"""Quick pairing on a real Celery worker and beat over Redis (the production way, DESIGN's
Time): a join's match step runs on the worker; beat's tick fills a table with bots once the
chosen seconds have passed; the task queued for the ready window's end (or the tick) starts
the table. The test process plays the web server's part."""

from __future__ import annotations

import pytest

from games.models import GameStatus
from matchmaking import services
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from tests.games.conftest import celery_processes  # noqa: F401 — a worker and beat per test
from tests.support.celery import wait_for
from tests.support.factories import person

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_worker_pairs_fills_with_bots_and_starts_the_tables(celery_processes):  # noqa: F811
    ana = person("ana")
    services.pool_join(user=ana, pool="4p-30s", rated=True, bots_after=10)
    people = [person(n) for n in ("bo", "cy", "dee")]
    for user in people:
        services.pool_join(user=user, pool="3p-60s")

    # The third join's task seats bo, cy and dee on the worker, at once.
    trio = wait_for(
        lambda: QuickTable.objects.filter(pool="3p-60s").first(),
        timeout=20,
        what="the join's match step on the worker",
        procs=celery_processes,
    )
    assert {s.user for s in trio.game.seats.all()} == set(people)

    # Beat's tick seats ana with three bots 10 s after her join: a casual table.
    solo = wait_for(
        lambda: QuickTable.objects.filter(pool="4p-30s").first(),
        timeout=40,
        what="beat's tick to fill ana's table with bots",
        procs=celery_processes,
    )
    assert solo.bots == 3
    assert not solo.game.rated
    assert not Ticket.objects.exists()

    # Both start once their ready windows close (the ETA task, or the tick).
    def started():
        return all(
            t.game.status == GameStatus.ACTIVE for t in QuickTable.objects.select_related("game")
        )

    wait_for(started, timeout=40, what="the tables' starts", procs=celery_processes)
