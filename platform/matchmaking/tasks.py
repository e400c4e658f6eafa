"""Celery tasks of quick pairing: one queue's match step (after a join commits), the beat tick
(every queue's step and the starts due), and a live table's start at its ready window's end.
Each is idempotent: the step works under the queue's lock on the tickets that still wait, and
a start does nothing to a game that has moved on."""

from __future__ import annotations

from celery import shared_task


@shared_task(name="matchmaking.tasks.match", soft_time_limit=60, time_limit=90)
def match(pool: str, rated: bool) -> int:
    """Form the tables one queue allows now; return how many."""
    from matchmaking.services import pool_match

    return len(pool_match(pool=pool, rated=bool(rated)))


@shared_task(name="matchmaking.tasks.tick", soft_time_limit=120, time_limit=180)
def tick() -> int:
    """Every queue's match step and every quick table's start that is due (beat, every
    POOLS_TICK_SECONDS); return how many tables were formed or started."""
    from matchmaking.services import pools_tick

    return pools_tick()


@shared_task(name="matchmaking.tasks.start_table", soft_time_limit=60, time_limit=90)
def start_table(game_id: str, version: int) -> bool:
    """Start a quick table whose ready window has closed, if still at ``version``."""
    from matchmaking.services import quick_table_start

    return quick_table_start(game_id=game_id, version=int(version))
