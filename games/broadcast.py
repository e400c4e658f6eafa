"""Push a game's new events to its sockets: one message per seat and one for its spectators,
each built from that viewer's view (RULES R4) — never a database read per connection.

Each ``events`` frame a move causes carries the ``request_id`` of the request (or socket
command, or the task it scheduled) that made it: a client's report of a frame leads to the
request's log lines, its task's and its error report.

A seat's message names the user who holds the seat now (``holder``, read once per publish,
after the commit), and a socket forwards it only if that is its own user: a socket that
listened to a seat its user has left, or resigned, never hears the seat's tiles again, even
if it missed being told (``publish_seats_changed``) that the seat changed hands.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.db import DatabaseError

from core.logging import current_request_id
from eventstore.store import StoredEvent
from games.engine import GameState
from games.models import Seat
from games.selectors import table_names
from games.selectors import viewer_payload
from realtime.broadcast import send_on_commit
from realtime.groups import game_seat_group

log = logging.getLogger(__name__)

MESSAGE_TYPE = "game.update"  # handled by GameConsumer.game_update
SEATS_MESSAGE_TYPE = "game.seats"  # handled by GameConsumer.game_seats


def update_message(
    payload: dict[str, Any], *, seat: int | None, holder: int | None = None
) -> dict[str, Any]:
    """Return the channel message carrying ``payload`` to a group: encoded to JSON once here,
    so a hundred spectators cost one encoding, with its seq range for deduplication, the seat
    it was built for (None: the spectators), for a seat the id of the user holding it, and when
    it was sent (``sent``, Unix seconds: a socket tells from it how late updates arrive)."""
    message = {
        "type": MESSAGE_TYPE,
        "seat": seat,
        "first_seq": payload["events"][0]["seq"],
        "seq": payload["seq"],
        "text": json.dumps(payload, separators=(",", ":")),
        "sent": time.time(),
    }
    if seat is not None:
        message["holder"] = holder
    return message


def seat_holders(game_id, players: int) -> list[int | None]:
    """Return, seat by seat, the id of the user who holds it now: None for a free seat and for
    one its player resigned or forfeited (the platform plays it; its player only watches).
    The same rule as ``selectors.game_viewer_seat``."""
    holders: list[int | None] = [None] * players
    held = Seat.objects.filter(game_id=game_id, resigned_at__isnull=True, forfeited_at__isnull=True)
    for index, user_id in held.values_list("index", "user_id"):
        if index < players:
            holders[index] = user_id
    return holders


def _holders(game_id, players: int) -> list[int | None]:
    """``seat_holders``, or nobody if the database cannot say: every seat's socket then looks
    itself up, rather than a seat's tiles going to a socket that may no longer hold it."""
    try:
        return seat_holders(game_id, players)
    except DatabaseError:
        log.warning("seat holders unreadable; every seat's socket looks again", exc_info=True)
        return [None] * players


def seats_message(holders: list[int | None]) -> dict[str, Any]:
    """Return the message telling a game's sockets who holds each seat now."""
    return {"type": SEATS_MESSAGE_TYPE, "holders": holders}


def holders_of(seats: list[Seat], players: int) -> list[int | None]:
    """``seat_holders`` from seat rows already read (under the game row's lock)."""
    holders: list[int | None] = [None] * players
    for seat in seats:
        if seat.index < players and seat.resigned_at is None and seat.forfeited_at is None:
            holders[seat.index] = seat.user_id
    return holders


def publish_game_events(
    game,
    events: list[StoredEvent],
    state: GameState | None,
    holders: list[int | None] | None = None,
) -> None:
    """Send every viewer of ``game`` its payload for ``events`` once the transaction commits.

    ``holders`` (``holders_of`` the seats read under the game row's lock, which every writer of
    seats takes too) are the seats' holders as these events commit; without them they are read
    after the commit. Either way a seat's payload goes only to the user who held the seat when
    the events were appended or later: a later change of hands publishes its own message.
    A seat nobody holds (resigned, forfeited) is sent who holds the seats instead of its
    payload: its hand goes to no socket, and any socket still listening there looks again.
    """
    if not events:
        return
    game_id, status, seq, seats = game.id, game.status, events[-1].seq, game.players
    known = list(holders) if holders is not None else None
    request_id = current_request_id()

    def build() -> dict[str, dict[str, Any]]:
        holders = known if known is not None else _holders(game_id, seats)
        names = table_names(game_id, fresh=True)
        messages = {}
        for seat in [*range(seats), None]:
            group = game_seat_group(game_id, seat)
            holder = holders[seat] if seat is not None else None
            if seat is not None and holder is None:
                messages[group] = seats_message(holders)
                continue
            payload = viewer_payload(game_id, status, seq, events, state, seat, names)
            if request_id:
                payload = {**payload, "request_id": request_id}
            messages[group] = update_message(payload, seat=seat, holder=holder)
        return messages

    send_on_commit(build)


def publish_seats_changed(game) -> None:
    """Tell every socket of ``game``, once the transaction commits, who holds each seat now:
    a socket whose user holds another seat than it listens to (or none) looks itself up
    again before it forwards anything else. Called by every service that changes seats."""
    game_id, seats = game.id, game.players

    def build() -> dict[str, dict[str, Any]]:
        message = seats_message(_holders(game_id, seats))
        return {game_seat_group(game_id, seat): message for seat in [*range(seats), None]}

    send_on_commit(build)
