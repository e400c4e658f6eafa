"""The notifications games sends, and their words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from datetime import datetime

from django.utils import formats
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.names import deleted_name
from accounts.names import is_pseudonym
from games.clocks import zone
from notifications.kinds import Kind
from notifications.kinds import PushKind
from notifications.kinds import register_kind
from notifications.kinds import register_push_kind


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


def _turn_digest(p: dict) -> str:
    count = p.get("count", len(p.get("games", [])))
    return ngettext(
        "%(count)s correspondence game waits for your move",
        "%(count)s correspondence games wait for your move",
        count,
    ) % {"count": count}


def _turn_digest_lines(p: dict) -> list[tuple[str, str]]:
    """One line per game of a digest: its table and when the move is due, in the reader's
    time zone (``p["tz"]``), with its link."""
    tz = zone(p.get("tz"))
    lines = []
    for g in p.get("games", []):
        g = {k: deleted_name() if is_pseudonym(v) else v for k, v in g.items()}
        due = g.get("deadline")
        when = ""
        if due:
            local = datetime.fromisoformat(due).astimezone(tz)
            when = formats.date_format(local, "DATETIME_FORMAT")
        text = (
            gettext("%(table)s: move by %(when)s (%(zone)s)")
            % {"table": _table(g), "when": when, "zone": tz.key}
            if when
            else _table(g)
        )
        lines.append((text, g.get("url", "")))
    return lines


def register() -> None:
    for kind in (
        Kind(
            "your_turn",
            _("It is my turn in a correspondence game"),
            True,
            10,
            _your_turn,
            push="your_turn",
        ),
        # games.digest: one mail a day listing them, for those who prefer it to one per move.
        Kind(
            "turn_digest",
            _("A daily digest of my correspondence games waiting for my move"),
            False,
            11,
            _turn_digest,
            digest_of="your_turn",
            email_lines=_turn_digest_lines,
        ),
        Kind("rematch", _("Someone asks me for a rematch"), False, 70, _rematch),
        Kind(
            "challenge",
            _("Someone challenges me, or answers my challenge"),
            False,
            80,
            _challenge,
            push="challenge",
        ),
    ):
        register_kind(kind)
    # What a device may be pushed (notifications.push): the turn, and challenges.
    register_push_kind(PushKind("your_turn", _("It is my turn in a correspondence game"), 10))
    register_push_kind(
        PushKind("challenge", _("Someone challenges me, or answers my challenge"), 30)
    )
