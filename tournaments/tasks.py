"""Celery tasks of tournaments: the scheduler's step for one tournament, the beat tick that
runs it for every tournament with something due, and a table's start at its ready window's
end. Each is idempotent (what it does is recorded under the tournament's row lock), so a task
delivered twice or late does nothing more."""

from __future__ import annotations

import logging

from celery import shared_task

log = logging.getLogger(__name__)


@shared_task(name="tournaments.tasks.advance", soft_time_limit=120, time_limit=180)
def advance(tournament_id: int) -> bool:
    """Do what is due for one tournament (a game of it ended, or its time came)."""
    from tournaments.scheduling import tournament_advance

    return tournament_advance(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.tick", soft_time_limit=300, time_limit=360)
def tick() -> int:
    """Advance every tournament with something due (beat runs this every few seconds): open
    registrations, starts, and tables whose end the game_ended signal did not deliver."""
    from tournaments.scheduling import tournament_advance
    from tournaments.selectors import tournaments_due

    changed = 0
    for tournament_id in tournaments_due():
        try:
            changed += tournament_advance(tournament_id=tournament_id)
        except Exception:  # noqa: BLE001 — one broken tournament must not stop the others
            log.exception("advancing tournament %s failed", tournament_id)
    return changed


@shared_task(name="tournaments.tasks.start_table", soft_time_limit=60, time_limit=90)
def start_table(game_id: str, version: int) -> bool:
    """Start a tournament table (with its deal group) whose ready window has closed, if its
    game is still at ``version``; early, late or repeated, it starts it at most once."""
    from tournaments.scheduling import tournament_table_start

    return tournament_table_start(game_id=game_id, version=version)


@shared_task(name="tournaments.tasks.recompute_standings", soft_time_limit=120, time_limit=180)
def recompute_standings(tournament_id: int) -> bool:
    """Rebuild a tournament's table results and standings from its games (after a staff
    adjudication of one of them); a second run finds nothing to change."""
    from tournaments.scheduling import tournament_recompute_standings

    return tournament_recompute_standings(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.reminders", soft_time_limit=120, time_limit=180)
def reminders() -> int:
    """Check-in is open, it starts in 1 hour: tell the registered players (beat, every
    TOURNAMENT_REMINDER_SECONDS); each reminder at most once per player."""
    from tournaments.reminders import tournament_reminders_send

    return tournament_reminders_send()


@shared_task(name="tournaments.tasks.series_fill", soft_time_limit=300, time_limit=360)
def series_fill() -> int:
    """Keep every active series' tournaments created up to its lead time ahead (beat, every
    TOURNAMENT_SERIES_SECONDS); each occurrence is created once (tournaments.series)."""
    from tournaments.series import series_fill_all

    return series_fill_all()
