"""Signal receivers: a rated game that finished gets its ratings applied, in a task."""

from __future__ import annotations


def on_game_ended(sender, *, game_id, status, rated, **kwargs) -> None:
    """Submit the ratings task once a rated game has finished (after that game's commit)."""
    if status != "finished" or not rated:
        return
    from core import tasks as runner
    from ratings import tasks

    runner.submit(tasks.apply_game_ratings, game_id)
