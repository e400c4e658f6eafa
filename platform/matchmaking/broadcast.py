"""Push the pools' waiting counts to every watcher of ws/pools/, and "seated" to a matched
player's pool sockets, once the transaction commits.

The grid is the same for everyone (counts only: never who waits, nor their ratings), so it is
built and encoded once per change, in the commit's callback, whoever is watching.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

from realtime.broadcast import send_on_commit

GRID_GROUP = "pools"
GRID_MESSAGE = "pools.grid"  # handled by PoolsConsumer.pools_grid
SEATED_MESSAGE = "pools.seated"  # handled by PoolsConsumer.pools_seated


def player_group(user_id: int) -> str:
    """Return the group of one signed-in player's pool sockets (where "seated" goes)."""
    return f"pools-user-{user_id}"


def grid_text() -> str:
    """Return the JSON text of the grid message: ``{"type": "pools", "pools": [...], "at"}``."""
    from matchmaking.selectors import pools_grid

    return json.dumps(
        {"type": "pools", **pools_grid()}, cls=DjangoJSONEncoder, separators=(",", ":")
    )


def seated_text(game_id, pool: str) -> str:
    return json.dumps({"type": "seated", "game": str(game_id), "pool": pool})


def publish_grid() -> None:
    """Send every watcher the new counts once the transaction commits."""

    def build() -> dict[str, dict[str, Any]]:
        return {GRID_GROUP: {"type": GRID_MESSAGE, "text": grid_text()}}

    send_on_commit(build)


def publish_seated(user_id: int, game_id, pool: str) -> None:
    """Tell ``user_id``'s pool sockets where they sit, once the transaction commits."""
    text = seated_text(game_id, pool)
    send_on_commit(lambda: {player_group(user_id): {"type": SEATED_MESSAGE, "text": text}})
