"""Chat on the game and tournament sockets: a ``chat.message`` group message becomes
``{"type": "chat", "scope": "game"|"tournament", "message": {...}}`` for a socket whose user
may read it, in the handshake's language; ``{"command": "chat", "id", "body"|"quick"}`` on a
game socket posts as POST /api/v1/games/<id>/chat does and answers ``{"type":
"chat.accepted", "id", "message"}``.

Every delivery is checked again here, per socket, from the database: the players' channel of a
game still played reaches only a socket whose user held a seat when it was sent and listens as
that seat now; nothing reaches a user who muted its author.
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from chat import selectors
from chat import services
from chat.models import ChatChannel
from chat.models import ChatMessage
from core.error_messages import scope_language


def _payload(message_id: int, user, language: str) -> dict[str, Any] | None:
    """The message as ``user`` reads it, or None if they muted its author (or it is gone)."""
    message = ChatMessage.objects.select_related("author").filter(pk=message_id).first()
    if message is None or selectors.is_muted(user, message.author_id):
        return None
    with translation.override(language):
        return selectors.message_json(message)


def may_read(consumer, message: dict[str, Any]) -> bool:
    """Tell whether a game socket may forward a chat group message, as it listens now."""
    if not message.get("apart"):
        return True
    user = consumer.user
    if message["channel"] == ChatChannel.PLAYERS:
        mine = user.id if user.is_authenticated else None
        return consumer.seat is not None and mine is not None and mine in message["holders"]
    return consumer.seat is None


async def deliver(consumer, message: dict[str, Any], scope: str) -> None:
    """Forward a chat group message to ``consumer``'s client if its user may read it."""
    if getattr(consumer, "group", None) is None:  # closed
        return
    if scope == "game" and not may_read(consumer, message):
        return
    user = getattr(consumer, "user", None) or consumer.scope.get("user") or AnonymousUser()
    payload = await database_sync_to_async(_payload, thread_sensitive=False)(
        message["message_id"], user, scope_language(consumer.scope)
    )
    if payload is not None:
        await consumer.send_json({"type": "chat", "scope": scope, "message": payload})


def _post(game_id, user, content: dict[str, Any]) -> int:
    message = services.chat_post_game(
        game_id=game_id, user=user, body=content.get("body"), quick=content.get("quick")
    )
    return message.pk


async def post(consumer, content: dict[str, Any]) -> None:
    """Post a game socket's ``chat`` command (the REST post's checks and limits)."""
    message_id = await database_sync_to_async(_post, thread_sensitive=False)(
        consumer.game_id, consumer.user, content
    )
    await consumer.send_json(
        {"type": "chat.accepted", "id": content.get("id"), "message": message_id}
    )
