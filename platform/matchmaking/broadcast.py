"""Push the pools' waiting counts to every watcher of ws/pools/, and "seated" to a matched
player's pool sockets, once the transaction commits.

The grid is the same for everyone (counts only: never who waits, nor their ratings), so it is
built and encoded once per change, in the commit's callback, whoever is watching. A busy
lobby changes many times a second, and every change would be a frame to every watcher: a grid
is sent only if its counts differ from the last one sent (by any process: the cache keeps
it), and at most once every ``GRID_MIN_SECONDS``; a change that came too soon goes out with
the beat tick's look (``publish_grid(from_tick=True)``, every 2 s), so a count is at most
about 3 s late.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection

from realtime.broadcast import send_on_commit

GRID_GROUP = "pools"
GRID_MESSAGE = "pools.grid"  # handled by PoolsConsumer.pools_grid
SEATED_MESSAGE = "pools.seated"  # handled by PoolsConsumer.pools_seated
GRID_MIN_SECONDS = 1.0  # settings.POOLS_GRID_MIN_SECONDS overrides it (0: every change)
LAST_SENT = "matchmaking:grid:last-sent"  # the cache's (counts, time.time()) of the last grid

log = logging.getLogger(__name__)


def player_group(user_id: int) -> str:
    """Return the group of one signed-in player's pool sockets (where "seated" goes)."""
    return f"pools-user-{user_id}"


def grid_text(grid: dict[str, Any] | None = None) -> str:
    """Return the JSON text of the grid message: ``{"type": "pools", "pools": [...], "at"}``
    (of ``grid``, ``selectors.pools_grid()``'s answer, or the grid now)."""
    if grid is None:
        from matchmaking.selectors import pools_grid

        grid = pools_grid()
    return json.dumps({"type": "pools", **grid}, cls=DjangoJSONEncoder, separators=(",", ":"))


def last_sent_key() -> str:
    """The cache key of the last grid sent: one a platform, which is one database (a cache
    shared by several, as the test runs' processes share one Redis, keeps them apart)."""
    return f"{LAST_SENT}:{connection.settings_dict.get('NAME')}"


def _counts(grid: dict[str, Any]) -> str:
    return json.dumps([(p["key"], p["waiting"]) for p in grid["pools"]], sort_keys=True)


def _due(counts: str, from_tick: bool) -> bool:
    """Whether a grid of ``counts`` goes out now (and, if so, note it as the last sent)."""
    now = time.time()
    least = float(getattr(settings, "POOLS_GRID_MIN_SECONDS", GRID_MIN_SECONDS))
    key = last_sent_key()
    try:
        last = cache.get(key)
        if last is not None and last[0] == counts:
            return False
        if last is not None and not from_tick and now - last[1] < least:
            return False  # the tick sends it
        cache.set(key, (counts, now), timeout=3600)
    except Exception:  # noqa: BLE001 — a cache away: send every change
        log.debug("the grid's last counts could not be read or kept", exc_info=True)
    return True


def seated_text(game_id, pool: str) -> str:
    return json.dumps({"type": "seated", "game": str(game_id), "pool": pool})


def publish_grid(*, from_tick: bool = False) -> None:
    """Send every watcher the new counts once the transaction commits (at once outside one),
    if they changed and the last grid is old enough (see the module); ``from_tick``: whatever
    its age."""
    from matchmaking.selectors import pools_grid

    def build() -> dict[str, dict[str, Any]]:
        grid = pools_grid()
        if not _due(_counts(grid), from_tick):
            return {}
        return {GRID_GROUP: {"type": GRID_MESSAGE, "text": grid_text(grid)}}

    send_on_commit(build)


def publish_seated(user_id: int, game_id, pool: str) -> None:
    """Tell ``user_id``'s pool sockets where they sit, once the transaction commits."""
    text = seated_text(game_id, pool)
    send_on_commit(lambda: {player_group(user_id): {"type": SEATED_MESSAGE, "text": text}})
