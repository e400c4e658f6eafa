"""Deliver a new chat message to the sockets that may read it, once its transaction commits.

A table's players' message goes to its seat groups, a spectators' message to the spectators'
group, while the game is open or played; once it has ended, to all of them. The group message
carries the author's id and, for the players' channel, the users holding seats when it was
sent: each socket (chat.sockets) drops what its user muted, or may no longer read.
"""

from __future__ import annotations

from typing import Any

from chat.models import ChatChannel
from chat.models import ChatMessage
from realtime.broadcast import send_now
from realtime.groups import game_seat_group
from tournaments.broadcast import tournament_group

MESSAGE_TYPE = "chat.message"  # handled by the game and tournament consumers' chat_message


def _group_message(message: ChatMessage, **extra: Any) -> dict[str, Any]:
    return {
        "type": MESSAGE_TYPE,
        "message_id": message.pk,
        "author_id": message.author_id,
        "channel": message.channel,
        **extra,
    }


def publish_game_message(message_id: int) -> None:
    """Send a table's new message to the groups whose sockets may read it."""
    from chat.selectors import channels_apart

    message = ChatMessage.objects.select_related("game").filter(pk=message_id).first()
    if message is None:
        return
    game = message.game
    apart = channels_apart(game)
    holders = list(
        game.seats.filter(resigned_at__isnull=True, forfeited_at__isnull=True).values_list(
            "user_id", flat=True
        )
    )
    body = _group_message(message, game=str(game.pk), apart=apart, holders=holders)
    groups = []
    if not apart or message.channel == ChatChannel.PLAYERS:
        groups += [game_seat_group(game.pk, seat) for seat in range(game.players)]
    if not apart or message.channel == ChatChannel.SPECTATORS:
        groups.append(game_seat_group(game.pk, None))
    send_now({group: body for group in groups})


def publish_tournament_message(message_id: int) -> None:
    """Send a tournament's new message to its page's sockets."""
    message = ChatMessage.objects.filter(pk=message_id).first()
    if message is None:
        return
    send_now(
        {tournament_group(message.tournament_id): _group_message(message, apart=False, holders=[])}
    )
