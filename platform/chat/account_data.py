"""A player's chat in their data export, and their mutes gone with their account
(accounts.registry, accounts.export, accounts.deletion)."""

from __future__ import annotations

from typing import Any

from accounts.export import iso
from accounts.registry import register_deletion_step
from accounts.registry import register_export_section


def chat_export(user) -> dict[str, Any]:
    from chat.models import ChatMessage
    from chat.selectors import message_text
    from chat.selectors import mutes_of

    return {
        "messages": [
            {
                "id": m.pk,
                "game": str(m.game_id) if m.game_id else None,
                "tournament": m.tournament_id,
                "team": m.team_id,
                "channel": m.channel,
                "quick": m.quick or None,
                "text": message_text(m),
                "seq": m.seq,
                "created_at": iso(m.created_at),
            }
            for m in ChatMessage.objects.filter(author=user).order_by("created_at", "pk")
        ],
        "muted": mutes_of(user),
    }


def forget_mutes(user, old_username: str) -> None:
    """A deleted account's chat mutes go: whom it muted, and who muted it."""
    from chat.models import ChatMute

    ChatMute.objects.filter(muter=user).delete()
    ChatMute.objects.filter(muted=user).delete()


def register() -> None:
    register_export_section("chat", chat_export)
    register_deletion_step(forget_mutes)
