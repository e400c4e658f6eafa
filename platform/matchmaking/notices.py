"""The notification quick pairing sends, and its words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from notifications.kinds import Kind
from notifications.kinds import PushKind
from notifications.kinds import register_kind
from notifications.kinds import register_push_kind


def _seated(p: dict) -> str:
    pool = p.get("pool", "?")
    if p.get("live"):
        seconds = int(p.get("seconds", 0))
        return ngettext(
            "Quick pairing %(pool)s: you are seated (the game starts in %(count)d second)",
            "Quick pairing %(pool)s: you are seated (the game starts in %(count)d seconds)",
            seconds,
        ) % {"pool": pool, "count": seconds}
    return _(
        "Quick pairing %(pool)s: you are seated (the game starts once every player has opened it)"
    ) % {"pool": pool}


def _waiting_away(p: dict) -> bool:
    """A correspondence pool's player waits away from the page (hours, perhaps): their seat is
    pushed. A live pool's waits on it (leaving the page leaves the pool) and is taken there."""
    return not p.get("live")


def register() -> None:
    register_kind(
        Kind(
            "quick_seated",
            _("Quick pairing has found my table"),
            False,
            45,
            _seated,
            push="quick",
            push_when=_waiting_away,
        )
    )
    register_push_kind(PushKind("quick", _("Quick pairing seats me at a correspondence table"), 25))
