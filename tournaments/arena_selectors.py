"""What the pages and the API show of an arena (tournaments.selectors calls these): its
clock, the recent waves, a player's place in it."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q

from games.models import GameStatus
from tournaments.models import Tournament
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentSeat
from tournaments.models import TournamentStatus

# The page shows the waves with a table in play and, of the others, the latest few: an arena
# plays hundreds of tables, and every change sends the detail to every watcher.
RECENT_WAVES = 6


def is_arena(tournament: Tournament) -> bool:
    return tournament.format == TournamentFormat.ARENA


def arena_summary(tournament: Tournament, now: datetime) -> dict[str, Any] | None:
    """Return an arena's settings and clock (None for the other formats)."""
    if not is_arena(tournament):
        return None
    ends_at = tournament.ends_at
    left = None
    if tournament.status in (TournamentStatus.RUNNING, TournamentStatus.REGISTRATION):
        left = round(max((ends_at - max(now, tournament.starts_at)).total_seconds(), 0.0), 1)
        if tournament.status == TournamentStatus.REGISTRATION:
            left = tournament.duration_minutes * 60.0
    return {
        "duration_minutes": tournament.duration_minutes,
        "ends_at": ends_at.isoformat().replace("+00:00", "Z"),
        "seconds_left": left,
        "wait_seconds": tournament.arena_wait_seconds,
        "bots": tournament.arena_bots,
        "berserk": tournament.berserk,
    }


def shown_waves(tournament: Tournament):
    """Return the rounds the page lists: every round, or an arena's recent waves."""
    rounds = tournament.round_set.order_by("number")
    if not is_arena(tournament):
        return rounds
    latest = tournament.current_round - RECENT_WAVES
    return rounds.filter(Q(number__gt=latest) | Q(tables__finished_at__isnull=True)).distinct()


def current_seat(entry: TournamentEntry) -> TournamentSeat | None:
    """Return an arena entry's seat at a table still in play, if any."""
    return (
        TournamentSeat.objects.filter(entry=entry, table__finished_at__isnull=True)
        .select_related("table__game", "round")
        .order_by("-round__number")
        .first()
    )


def my_arena(tournament: Tournament, entry: TournamentEntry, seat) -> dict[str, Any] | None:
    """Return where the caller stands in the arena: waiting, paused, and whether they may go
    (or went) berserk at the table that has not started yet."""
    if not is_arena(tournament):
        return None
    opening = seat is not None and seat.table.game.status == GameStatus.OPEN
    berserk = False
    if seat is not None:
        berserk = seat.table.game.seats.filter(index=seat.index, berserk=True).exists()
    return {
        "waiting": entry.waiting_since is not None,
        "waiting_since": entry.waiting_since.isoformat() if entry.waiting_since else None,
        "paused": entry.paused,
        "berserk": berserk,
        "can_berserk": bool(tournament.berserk and opening and not berserk),
    }


def team_events(tournament: Tournament) -> dict[str, Any]:
    """Return the team a tournament is for, and a team battle's teams (the summary's)."""
    team = None
    if tournament.team_id is not None:
        team = {"slug": tournament.team.slug, "name": tournament.team.name}
    battle = None
    if tournament.team_best is not None:
        teams = tournament.battle_teams.order_by("name", "pk")
        battle = {
            "best": tournament.team_best,
            "teams": [{"slug": t.slug, "name": t.name} for t in teams],
        }
    return {"team": team, "battle": battle}
