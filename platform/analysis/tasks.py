"""Celery tasks of the analysis. Idempotent: a game is analysed once per analysis version
however often the task runs, or however many run at once (``analysis.services``)."""

from __future__ import annotations

from celery import shared_task


# A 4-player 13-round game takes minutes at the default budget (docs/analysis.md).
@shared_task(name="analysis.tasks.analyse_game", soft_time_limit=900, time_limit=960)
def analyse_game(game_id: str) -> str:
    """Analyse a finished game if it has not been yet; return the analysis' status."""
    from analysis.services import analyse_game as run

    return run(game_id=game_id).status
