"""Quick pairing's Celery tasks: the beat tick (registered in CELERY_BEAT_SCHEDULE, which the
embedded runner runs too), the match step a join submits, a table's start at its ready
window's end — each idempotent: run twice, one effect."""

from __future__ import annotations

import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings

from core import tasks as runner
from games.models import GameStatus
from matchmaking import pairing
from matchmaking import services
from matchmaking import tasks
from matchmaking.models import QuickTable
from matchmaking.models import Ticket
from ratings.models import Rating
from tests.support.factories import committed
from tests.support.factories import person

REPO = Path(__file__).resolve().parents[2]


def test_the_tick_is_in_beats_schedule_and_the_embedded_runners():
    entry = settings.CELERY_BEAT_SCHEDULE["matchmaking-tick"]
    assert entry["task"] == tasks.tick.name == "matchmaking.tasks.tick"
    assert entry["schedule"] <= 5  # every few seconds
    assert tasks.tick in [task for task, _ in runner.periodic_jobs()]


@pytest.mark.django_db
def test_a_join_submits_its_pools_match_step(monkeypatch):
    submitted = []
    monkeypatch.setattr(runner, "submit", lambda task, *args, **kw: submitted.append((task, args)))
    with committed():
        services.pool_join(user=person("ana"), pool="4p-3m", rated=True)
    assert (tasks.match, ("4p-3m", True)) in submitted


@pytest.mark.django_db
def test_the_tasks_run_twice_do_it_once(frozen_clock):
    players = []
    for i, mu in enumerate((10.0, 30.0, 50.0)):  # 400 display points apart
        user = person(f"p{i}")
        Rating.objects.create(user=user, kind="live", mu=mu, sigma=1.0)
        with committed():
            services.pool_join(user=user, pool="3p-30s")
        players.append(user)
    assert tasks.match.run("3p-30s", False) == 0  # too far apart yet
    frozen_clock.advance(timedelta(seconds=pairing.MAX_WAIT))
    with committed():
        assert tasks.match.run("3p-30s", False) == 1
        assert tasks.match.run("3p-30s", False) == 0
        assert tasks.tick.run() == 0
    assert not Ticket.objects.exists()
    game = QuickTable.objects.get().game
    frozen_clock.advance(timedelta(seconds=services.READY_SECONDS))
    with committed():
        assert tasks.start_table.run(str(game.pk), 0) is True
        assert tasks.start_table.run(str(game.pk), 0) is False
        assert tasks.tick.run() == 0
    game.refresh_from_db()
    assert game.status == GameStatus.ACTIVE


@pytest.mark.django_db
def test_a_start_task_for_an_unknown_or_moved_game_does_nothing(frozen_clock):
    assert tasks.start_table.run("00000000-0000-0000-0000-000000000000", 0) is False
    for i in range(3):
        with committed():
            services.pool_join(user=person(f"q{i}"), pool="3p-60s")
    game = QuickTable.objects.get().game
    assert tasks.start_table.run(str(game.pk), 0) is False  # its window is still open
    assert tasks.start_table.run(str(game.pk), 5) is False  # another version


def test_the_pairing_and_the_pools_import_without_django():
    code = (
        "import sys; sys.modules['django'] = None; sys.path.insert(0, 'platform'); "
        "import matchmaking.pairing, matchmaking.pools; print('ok')"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert out.stdout.strip() == "ok", out.stderr


@pytest.mark.django_db
def test_a_broken_queue_does_not_stop_the_tick(frozen_clock):
    ana = person("ana")
    with committed():
        services.pool_join(user=ana, pool="4p-60s", bots_after=10)
    Ticket.objects.create(
        user=person("old"), pool="5p-9s", rated=False, rating=1500, joined_at=frozen_clock.now()
    )  # a pool since removed from the table
    frozen_clock.advance(timedelta(seconds=10))
    with committed():
        assert tasks.tick.run() == 1
    assert QuickTable.objects.get().pool == "4p-60s"


@pytest.mark.django_db
def test_the_tick_drops_tickets_past_their_kinds_age(frozen_clock):
    live, slow = person("live"), person("slow")
    with committed():
        services.pool_join(user=live, pool="4p-60s")
        services.pool_join(user=slow, pool="4p-3d")
    frozen_clock.advance(services.TICKET_MAX_AGE["live"])
    with committed():
        tasks.tick.run()
    assert list(Ticket.objects.values_list("user", flat=True)) == [slow.pk]
    frozen_clock.advance(services.TICKET_MAX_AGE["correspondence"])
    with committed():
        tasks.tick.run()
    assert not Ticket.objects.exists()
