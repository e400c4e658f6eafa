"""The notifications games sends, and their words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from notifications.kinds import Kind
from notifications.kinds import register_kind


def _table(params: dict) -> str:
    """A table's name, or "<host>'s table" for an unnamed one."""
    if params.get("table"):
        return params["table"]
    return _("%(host)s’s table") % {"host": params.get("host", "?")}


def _your_turn(p: dict) -> str:
    return _("Your turn at %(table)s") % {"table": _table(p)}


def _rematch(p: dict) -> str:
    return _("%(player)s wants a rematch of %(table)s: join the new table") % {
        "player": p.get("player", "?"),
        "table": _table(p),
    }


_CHALLENGE_ANSWERS = {
    "accepted": _("%(player)s accepted your challenge: the game has started"),
    "declined": _("%(player)s declined your challenge"),
}


def _challenge(p: dict) -> str:
    received = _("%(player)s challenges you to a game: accept or decline it")
    return _CHALLENGE_ANSWERS.get(p.get("what"), received) % p


def register() -> None:
    for kind in (
        Kind("your_turn", _("It is my turn in a correspondence game"), True, 10, _your_turn),
        Kind("rematch", _("Someone asks me for a rematch"), False, 70, _rematch),
        Kind(
            "challenge",
            _("Someone challenges me, or answers my challenge"),
            False,
            80,
            _challenge,
        ),
    ):
        register_kind(kind)
