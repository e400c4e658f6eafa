"""A tournament's part of the staff-with-a-stake rule (games.stakes, registered in
games.extensions): a staff member has a stake in a tournament table's hidden tiles through a
seat at a table of the same round dealt the same tiles (a duplicate deal group), or an active
entry in the tournament, whose standings the game decides."""

from __future__ import annotations

from games.models import Game
from games.models import Seat
from games.stakes import DEAL_GROUP
from games.stakes import ENTRY
from tournaments.models import ACTIVE_ENTRY
from tournaments.models import TournamentEntry
from tournaments.models import TournamentFormat
from tournaments.models import TournamentTable


def _table(game: Game):
    """Return the game's tournament table, or None."""
    return TournamentTable.objects.select_related("round__tournament").filter(game=game).first()


def _entry_active(user, tournament) -> bool:
    """Tell whether ``user`` still takes part in ``tournament``: an entry neither withdrawn nor a
    no-show, and (elimination) not knocked out by a finished round."""
    entry = TournamentEntry.objects.filter(
        tournament=tournament, user=user, status__in=ACTIVE_ENTRY
    ).first()
    if entry is None:
        return False
    if tournament.format == TournamentFormat.ELIMINATION:
        last = (
            tournament.round_set.filter(finished_at__isnull=False, advancing__isnull=False)
            .order_by("-number")
            .first()
        )
        if last is not None and entry.pk not in last.advancing:
            return False  # out of the tournament: later games no longer decide their place
    return True


def tournament_stake(user, game: Game) -> str | None:
    """Return DEAL_GROUP or ENTRY if ``user`` has a stake in ``game`` through its tournament,
    else None (``games.stakes.staff_stake`` asks it while the deal is hidden)."""
    table = _table(game)
    if table is None:
        return None
    if (
        table.deal_group is not None
        and Seat.objects.filter(
            user=user,
            game__tournament_table__round_id=table.round_id,
            game__tournament_table__deal_group=table.deal_group,
        ).exists()
    ):
        return DEAL_GROUP
    if _entry_active(user, table.round.tournament):
        return ENTRY
    return None
