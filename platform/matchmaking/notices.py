"""The notification quick pairing sends, and its words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from notifications.kinds import Kind
from notifications.kinds import register_kind


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


def register() -> None:
    register_kind(Kind("quick_seated", _("Quick pairing has found my table"), False, 45, _seated))
