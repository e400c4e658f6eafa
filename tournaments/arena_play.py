"""What a player does in a running arena besides joining and leaving (tournaments.services):
pause, come back, go berserk at their next table. Each under the tournament's row lock."""

from __future__ import annotations

from django.db import transaction

from core import clock
from core.errors import ApplicationError
from games.models import GameStatus
from games.services import game_berserk
from tournaments import arena_selectors
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentStatus
from tournaments.registration import arena_step_soon
from tournaments.service_common import E
from tournaments.service_common import _changed
from tournaments.service_common import _locked


def _playing_entry(tournament: Tournament, user) -> TournamentEntry:
    if tournament.format != TournamentFormat.ARENA:
        raise ApplicationError(E.NOT_ARENA, "only an arena has this")
    if tournament.status != TournamentStatus.RUNNING:
        raise ApplicationError(E.TOURNAMENT_OVER, "the arena is not running")
    entry = (
        tournament.entries.filter(user=user, status__in=ACTIVE_ENTRY).first()
        if user.is_authenticated
        else None
    )
    if entry is None:
        raise ApplicationError(E.NOT_REGISTERED, "you are not playing in this arena")
    return entry


@transaction.atomic
def tournament_pause(*, tournament_id, user) -> TournamentEntry:
    """Pause: the player keeps their score and is given no new table (the one in play, if
    any, is played to its end)."""
    tournament = _locked(tournament_id)
    entry = _playing_entry(tournament, user)
    if entry.paused:
        raise ApplicationError(E.ALREADY_PAUSED, "you are paused already")
    entry.paused = True
    entry.waiting_since = None
    entry.save(update_fields=["paused", "waiting_since"])
    _changed(tournament)
    return entry


@transaction.atomic
def tournament_resume(*, tournament_id, user) -> TournamentEntry:
    """Come back from a pause: into the pool now (or when the table in play ends)."""
    tournament = _locked(tournament_id)
    entry = _playing_entry(tournament, user)
    if not entry.paused:
        raise ApplicationError(E.NOT_PAUSED, "you are not paused")
    if clock.now() >= tournament.ends_at:
        raise ApplicationError(E.REGISTRATION_CLOSED, "the arena's time is up")
    entry.paused = False
    entry.waiting_since = None if arena_selectors.current_seat(entry) else clock.now()
    entry.save(update_fields=["paused", "waiting_since"])
    _changed(tournament)
    arena_step_soon(tournament)
    return entry


@transaction.atomic
def tournament_berserk(*, tournament_id, user) -> TournamentEntry:
    """Go berserk at the table the player is seated at, before it starts: half the reserve,
    a bonus point if they win it (formats.arena). Only where the organizer allows it."""
    tournament = _locked(tournament_id)
    entry = _playing_entry(tournament, user)
    if not tournament.berserk:
        raise ApplicationError(E.BERSERK_NOT_ALLOWED, "this arena has no berserk")
    seat = arena_selectors.current_seat(entry)
    if seat is None or seat.table.game.status != GameStatus.OPEN:
        raise ApplicationError(
            E.NO_TABLE_TO_BERSERK, "berserk is chosen at a table before it starts"
        )
    game_berserk(game_id=seat.table.game_id, user=user)
    _changed(tournament)
    return entry
