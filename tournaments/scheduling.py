"""The beat tick in the embedded default: with no Celery beat, the server's embedded task
runner (``games.scheduling.EmbeddedRunner``) runs ``tournaments.tasks.tick`` every
TOURNAMENT_TICK_SECONDS, each run queueing the next."""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings

from core import clock

log = logging.getLogger(__name__)


class EmbeddedTick:
    """A job of the embedded runner: run the tick, then queue itself again."""

    name = "tournaments.tasks.tick (embedded)"

    def __init__(self, runner, interval: float) -> None:
        self.runner = runner
        self.interval = interval

    def run(self) -> None:
        from tournaments.tasks import tick

        try:
            tick.run()
        finally:
            self.runner.put(self, (), eta=clock.now() + timedelta(seconds=self.interval))


def start_embedded_ticks(runner) -> EmbeddedTick | None:
    """Start ticking on ``runner`` (None: nothing runs tasks in this process)."""
    if runner is None:
        return None
    job = EmbeddedTick(runner, settings.TOURNAMENT_TICK_SECONDS)
    runner.put(job, ())
    return job
