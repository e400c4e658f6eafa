"""Celery tasks of games: each carries the seq it was made for and does nothing if the game
has moved on, so a task delivered twice, late or after a lost worker applies at most once."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError
from django.db import OperationalError

from core import clock

# A turn's task that meets a database outage (a connection refused or lost, the pool's wait
# for a connection ended) is tried again with exponential backoff and jitter, rather than
# failing and leaving the turn to the sweeper. Each carries its seq: a late retry is a no-op.
OUTAGE_RETRY = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": 1,
    "retry_backoff_max": settings.TASK_RETRY_BACKOFF_MAX,
    "retry_jitter": True,
    "max_retries": settings.TASK_OUTAGE_RETRIES,
}


@shared_task(name="games.tasks.play_automatic", **OUTAGE_RETRY)
def play_automatic(game_id: str, seq: int) -> int | None:
    """Play the turn of the bot (or left/forfeited seat) to move at ``seq``."""
    from games.automatic import game_play_automatic

    result = game_play_automatic(game_id=game_id, seq=seq)
    return result.seq if result else None


@shared_task(name="games.tasks.apply_timeout", **OUTAGE_RETRY)
def apply_timeout(game_id: str, seq: int) -> int | None:
    """Apply the timeout action if the seat to move at ``seq`` is past its deadline."""
    from games.automatic import game_apply_timeout

    result = game_apply_timeout(game_id=game_id, seq=seq)
    return result.seq if result else None


@shared_task(name="games.tasks.sweep_deadlines")
def sweep_deadlines() -> int:
    """Apply every deadline that has passed (the sweeper, ``core.sweeper``, does this on its
    own; the task is for a sweep asked of a worker). Returns how many games changed."""
    from games.automatic import sweep_deadlines as sweep

    return sweep(clock.now())


@shared_task(name="games.tasks.send_turn_digests", soft_time_limit=300, time_limit=360)
def send_turn_digests() -> int:
    """Record the daily digests due now (beat, every TURN_DIGEST_SECONDS): at most one per
    player and day, however often it runs (games.digest). Returns how many were recorded."""
    from games.digest import turn_digests_send

    return turn_digests_send(now=clock.now())
