"""What the tournament services share: the row lock, a versioned save that the sockets hear of,
the organizers, the limits (tournaments.services)."""

from __future__ import annotations

import logging

from core.errors import ApplicationError
from core.errors import NotFound
from tournaments import broadcast
from tournaments.errors import TournamentError
from tournaments.models import Tournament
from tournaments.models import TournamentStatus

log = logging.getLogger(__name__)

ORGANIZERS_GROUP = "organizers"  # members may create tournaments, as staff may
STAND_IN_STRATEGY = "greedy"  # the bot that stands in for a no-show
MAX_ROUNDS = 30
ARENA_MINUTES_RANGE = (5, 720)  # an arena's duration
ARENA_WAIT_RANGE = (5, 600)  # how long an arena table that cannot fill waits
MAX_BATTLE_TEAMS = 10
MAX_TEAM_BEST = 20  # a team battle counts at most this many best players a team
READY_SECONDS_RANGE = (5, 300)  # a live table's ready window: long enough to contribute
OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


E = TournamentError


def _invalid(detail: str, field: str | None = None) -> ApplicationError:
    extra = {"fields": {field: [detail]}} if field else None
    return ApplicationError(E.INVALID_TOURNAMENT, detail, extra=extra)


def _locked(tournament_id) -> Tournament:
    try:
        return Tournament.objects.select_for_update().get(pk=tournament_id)
    except (Tournament.DoesNotExist, ValueError, TypeError):
        raise NotFound(E.NOT_FOUND, "no such tournament") from None


def _changed(tournament: Tournament, *fields: str) -> None:
    """Save ``fields`` with a new version; the tournament's sockets hear of it on commit."""
    tournament.version += 1
    tournament.save(update_fields=["version", *fields])
    broadcast.publish_tournament(tournament.pk)


def can_organize(user) -> bool:
    """Staff, and members of the "organizers" group, create tournaments."""
    if user is None or not user.is_authenticated or user.is_bot:
        return False
    return user.is_staff or user.groups.filter(name=ORGANIZERS_GROUP).exists()
