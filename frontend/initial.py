"""The table page's first view, carried in its HTML (issue 15): what GET /api/v1/games/<id>,
/state and /events?after=0 would answer this viewer, built by the API's own serializer and
selectors, so the page renders its board without a round trip and shows no more than the API.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError
from django.db import transaction

from accounts.permissions import acting_user
from core.errors import ApplicationError
from games import selectors
from games import services
from games.apis import GameDetailOutput
from games.models import GameStatus

log = logging.getLogger(__name__)


def initial_view(request, game_id) -> dict[str, Any] | None:
    """Return ``{"game", "state", "events"}`` as the API answers ``request``'s viewer, or None
    where it would refuse any of the three (an unknown game, a spectator of a duplicate deal
    still played elsewhere, staff with a stake in it) or the database fails: the page then
    fetches them as before.

    The page is a browser session's, so its user is the session's, with staff powers only if
    the session passed the second factor (``accounts.permissions.acting_user``). The game row
    is read once: the state is of its version, and events appended meanwhile wait for the
    socket's sync.
    """
    user = acting_user(request)
    try:
        with transaction.atomic():  # a staff read's trail row goes with the answer, or neither
            game = selectors.game_get(game_id)
            if game.status == GameStatus.OPEN:  # as the API: a tournament table waits for them
                services.game_seat_opened(game_id=game.pk, user=user)
            doc = GameDetailOutput(game, context={"request": request}).data
            state = selectors.game_state_for(game, user)
            events = selectors.game_events_for(game, user, after=0)
    except ApplicationError:
        return None
    except DatabaseError:
        log.warning("table page: first view not embedded, the database failed", exc_info=True)
        return None
    return {
        "game": doc,
        "state": state,
        "events": [e for e in events if e["seq"] <= state["seq"]],
    }
