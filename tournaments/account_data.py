"""The tournaments that stop a player's account from being deleted (accounts.registry,
accounts.deletion)."""

from __future__ import annotations

from typing import Any


def unfinished_entries_of(user) -> list[dict[str, Any]]:
    """The tournaments not ended where ``user`` is entered: withdraw first."""
    from tournaments.models import ACTIVE_ENTRY
    from tournaments.models import TournamentEntry
    from tournaments.models import TournamentStatus

    entries = TournamentEntry.objects.filter(
        user=user,
        status__in=ACTIVE_ENTRY,
        tournament__status__in=(
            TournamentStatus.SCHEDULED,
            TournamentStatus.REGISTRATION,
            TournamentStatus.RUNNING,
        ),
    ).select_related("tournament")
    return [
        {"id": e.tournament_id, "name": e.tournament.name, "status": e.tournament.status}
        for e in entries
    ]


def register() -> None:
    from accounts.registry import register_deletion_blocker

    register_deletion_blocker("tournaments", unfinished_entries_of)
