"""The sweeper's pass (core.sweeper, with games' registered sweep): it applies a passed deadline
from the database alone, and sleeps until the next one (at most SWEEP_INTERVAL)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core import sweeper
from core.outages import FailureLog
from games.models import Game
from tests.support.clocks import LIVE
from tests.support.clocks import timed_game
from tests.support.factories import committed

pytestmark = pytest.mark.django_db


def test_the_sweeper_waits_until_the_next_deadline_and_applies_it_then(
    frozen_clock, ana, bo, settings
):
    settings.SWEEP_INTERVAL = 60
    game = timed_game(ana, [bo], LIVE)
    started = Game.objects.get(pk=game.pk)
    # 10 s to move and 20 s of reserve: the deadline is 30 s away.
    with committed():
        assert sweeper.sweep_once() == pytest.approx(30.0)

    frozen_clock.advance(timedelta(seconds=29.5))
    with committed():
        assert sweeper.sweep_once() == pytest.approx(0.5)
    assert Game.objects.get(pk=game.pk).version == started.version

    frozen_clock.advance(timedelta(seconds=0.5))
    with committed():
        pause = sweeper.sweep_once()
    after = Game.objects.get(pk=game.pk)
    assert after.version > started.version  # the timeout action, applied by the pass
    assert after.to_move != started.to_move
    assert pause == pytest.approx((after.deadline - frozen_clock.now()).total_seconds())


def test_the_sweeper_passes_at_least_every_sweep_interval(frozen_clock, ana, bo, settings):
    settings.SWEEP_INTERVAL = 2
    timed_game(ana, [bo], LIVE)

    with committed():
        assert sweeper.sweep_once() == 2


def test_a_failed_sweep_is_one_line_and_tried_again_soon(settings, caplog, monkeypatch):
    """A database away: the pass goes on to the other sweeps, and the next comes within
    RETRY_PAUSE, so what came due meanwhile is applied soon after the database is back."""
    settings.SWEEP_INTERVAL = 2

    def broken():
        raise ConnectionError("the database is away")

    monkeypatch.setattr(sweeper, "_sweeps", [("broken", broken), *sweeper._sweeps])
    monkeypatch.setattr(sweeper, "failures", FailureLog(sweeper.log))
    with caplog.at_level("ERROR", logger="core.sweeper"):
        assert sweeper.sweep_once() == sweeper.RETRY_PAUSE
        assert sweeper.sweep_once() == sweeper.RETRY_PAUSE
    assert [r.getMessage() for r in caplog.records if r.name == "core.sweeper"] == [
        "sweep broken failed: ConnectionError: the database is away"
    ]
