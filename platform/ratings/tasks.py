"""Celery tasks of ratings. Idempotent: a game's ratings are applied once however often the
task runs (``rating_apply_game`` locks the game and keeps a ledger)."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="ratings.tasks.apply_game_ratings", soft_time_limit=30, time_limit=60)
def apply_game_ratings(game_id: str) -> bool:
    """Apply a finished rated game's result to its players' ratings, if not done yet."""
    from ratings.services import rating_apply_game

    return rating_apply_game(game_id=game_id)
