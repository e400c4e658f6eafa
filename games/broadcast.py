"""Push a game's new events to its sockets: one message per seat and one for its spectators,
each built from that viewer's view (RULES R4) — never a database read per connection."""

from __future__ import annotations

import json
from typing import Any

from eventstore.store import StoredEvent
from realtime.broadcast import send_on_commit
from realtime.groups import game_seat_group

from games.engine import GameState, view
from games.selectors import event_for, moves_for

MESSAGE_TYPE = "game.update"  # handled by GameConsumer.game_update


def viewer_payload(
    game_id,
    status: str,
    seq: int,
    events: list[StoredEvent],
    state: GameState | None,
    seat: int | None,
) -> dict[str, Any]:
    """Return what one viewer is sent about new events: the events as it may see them and its
    fresh view of the game, with its legal moves."""
    return {
        "type": "events",
        "game": str(game_id),
        "status": status,
        "seq": seq,
        "events": [event_for(e, seat) for e in events],
        "view": view(state, seat) if state is not None else None,
        "legal_moves": moves_for(state, seat, status == "active"),
    }


def update_message(payload: dict[str, Any]) -> dict[str, Any]:
    """Return the channel message carrying ``payload`` to a group: encoded to JSON once here,
    so a hundred spectators cost one encoding, with its seq range for deduplication."""
    return {
        "type": MESSAGE_TYPE,
        "first_seq": payload["events"][0]["seq"],
        "seq": payload["seq"],
        "text": json.dumps(payload, separators=(",", ":")),
    }


def publish_game_events(game, events: list[StoredEvent], state: GameState | None) -> None:
    """Send every viewer of ``game`` its payload for ``events`` once the transaction commits."""
    if not events:
        return
    game_id, status, seq, seats = game.id, game.status, events[-1].seq, game.players

    def build() -> dict[str, dict[str, Any]]:
        messages = {}
        for seat in [*range(seats), None]:
            payload = viewer_payload(game_id, status, seq, events, state, seat)
            messages[game_seat_group(game_id, seat)] = update_message(payload)
        return messages

    send_on_commit(build)
