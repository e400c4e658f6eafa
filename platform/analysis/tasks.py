"""Celery tasks of analysis. Idempotent: a game is analysed once per analysis version however
often the task runs (analysis.services.analyse_game locks the game's analysis row)."""

from __future__ import annotations

from celery import shared_task

from games.tasks import OUTAGE_RETRY


# The analysis of a long game takes seconds to minutes of one core; it runs off the move path.
@shared_task(
    name="analysis.tasks.analyse_game", soft_time_limit=900, time_limit=960, **OUTAGE_RETRY
)
def analyse_game(game_id: str) -> bool:
    """Analyse a finished game, if not done yet at this analysis version."""
    from analysis.services import analyse_game as service

    return service(game_id)
