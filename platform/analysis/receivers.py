"""Signal receivers: a game that finished is analysed, off the move path."""

from __future__ import annotations


def on_game_ended(sender, *, game_id, status, **kwargs) -> None:
    """Have a game that finished analysed (after that game's commit): by a Celery worker, or,
    in the embedded default, in the process's analysis thread (analysis.services). With tasks
    run inline (the test settings) nothing is analysed unless asked: minutes of work inside the
    request that ended the game would be the move path."""
    if status != "finished":
        return
    from analysis import services
    from analysis import tasks
    from core import tasks as runner

    if runner.embedded():
        services.analyse_later(game_id)
    else:
        runner.submit(tasks.analyse_game, game_id, background=True)
