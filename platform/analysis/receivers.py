"""Signal receivers: a finished game gets its analysis, in a task (never on the move path)."""

from __future__ import annotations


def on_game_ended(sender, *, game_id, status, **kwargs) -> None:
    """Submit the analysis task once a game has finished (after that game's commit)."""
    if status != "finished":
        return
    from analysis import tasks
    from core import tasks as runner

    # background: never in the thread that ended the game (the move's request), even eagerly.
    runner.submit(tasks.analyse_game, str(game_id), background=True)
