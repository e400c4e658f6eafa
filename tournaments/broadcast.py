"""Push a tournament's new state to its page's sockets (group ``tournament-<id>``) on commit.

The payload is the public detail (``selectors.tournament_detail``: rounds, tables, standings),
built and encoded once per change whoever is watching; each page picks its own entry out of it.
Being the same for everyone, it shows a duplicate table whose deal another table still plays
only as in play, and standings without it (the selectors redact it), to its own players too:
they follow their table on the game's page.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

from realtime.broadcast import send_on_commit

MESSAGE_TYPE = "tournament.update"  # handled by TournamentConsumer.tournament_update


def tournament_group(tournament_id) -> str:
    """Return the channel group of a tournament's watchers."""
    return f"tournament-{tournament_id}"


def update_text(tournament_id) -> str | None:
    """Return the JSON text of a tournament's update message, or None if it is gone."""
    from tournaments import selectors

    detail = selectors.tournament_detail_or_none(tournament_id)
    if detail is None:
        return None
    return json.dumps(
        {"type": "tournament", "tournament": detail}, cls=DjangoJSONEncoder, separators=(",", ":")
    )


def publish_tournament(tournament_id) -> None:
    """Send the tournament's watchers its new state once the transaction commits."""

    def build() -> dict[str, dict[str, Any]]:
        text = update_text(tournament_id)
        if text is None:
            return {}
        return {tournament_group(tournament_id): {"type": MESSAGE_TYPE, "text": text}}

    send_on_commit(build)
