"""What each kind of notification says, in the reader's language.

A notification is stored as a ``kind`` plus ``params`` (names, numbers: never English text) and
rendered when it is read: in the app with the request's language, in a mail with the
recipient's (``translation.override(user.language)``). A kind is also the unit of the email
preferences (``EmailPreference``): one checkbox per kind on /settings, one unsubscribe link.

Within a kind, ``params["what"]`` picks one of its messages (a dispute's message, its new
status...). A row from before this registry has no params: its stored ``text`` is shown as is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext


@dataclass(frozen=True)
class Kind:
    name: str
    label: Any  # the checkbox's words on /settings (lazy)
    email_default: bool


# The kinds a player can have emailed, in the order /settings lists them.
KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind("your_turn", _("It is my turn in a correspondence game"), True),
        Kind("tournament_checkin_open", _("Check-in opens for a tournament I entered"), True),
        Kind("tournament_starts_soon", _("A tournament I entered starts in 1 hour"), True),
        Kind("tournament_seated", _("I am seated for a tournament's next round"), True),
        Kind("tournament_result", _("A tournament I entered ends, or I am out of it"), False),
        Kind("dispute_update", _("News in a dispute that concerns me"), True),
        Kind("rematch", _("Someone asks me for a rematch"), False),
        Kind("challenge", _("Someone challenges me, or answers my challenge"), False),
    )
}


def _table(params: dict) -> str:
    """A table's name, or "<host>'s table" for an unnamed one."""
    if params.get("table"):
        return params["table"]
    return _("%(host)s’s table") % {"host": params.get("host", "?")}


def _dispute_status(status: str) -> str:
    from disputes.models import DisputeStatus  # the statuses' own words

    try:
        return str(DisputeStatus(status).label)
    except ValueError:
        return status


def _your_turn(p: dict) -> str:
    return _("Your turn at %(table)s") % {"table": _table(p)}


def _rematch(p: dict) -> str:
    return _("%(player)s wants a rematch of %(table)s: join the new table") % {
        "player": p.get("player", "?"),
        "table": _table(p),
    }


def _challenge(p: dict) -> str:
    what = p.get("what")
    if what == "accepted":
        return _("%(player)s accepted your challenge: the game has started") % p
    if what == "declined":
        return _("%(player)s declined your challenge") % p
    return _("%(player)s challenges you to a game: accept or decline it") % p


def _checkin_open(p: dict) -> str:
    return _("Check-in for %(tournament)s is open: check in before it starts") % p


def _starts_soon(p: dict) -> str:
    minutes = int(p.get("minutes", 60))
    return ngettext(
        "%(tournament)s starts in %(count)d minute",
        "%(tournament)s starts in %(count)d minutes",
        minutes,
    ) % {"tournament": p.get("tournament", "?"), "count": minutes}


def _seated(p: dict) -> str:
    values = {"tournament": p.get("tournament", "?"), "round": p["round"], "table": p["table"]}
    if p.get("live"):
        seconds = int(p.get("seconds", 0))
        return ngettext(
            "%(tournament)s: round %(round)s, you are seated at table %(table)s "
            "(it starts in %(count)d second)",
            "%(tournament)s: round %(round)s, you are seated at table %(table)s "
            "(it starts in %(count)d seconds)",
            seconds,
        ) % {**values, "count": seconds}
    return (
        _(
            "%(tournament)s: round %(round)s, you are seated at table %(table)s "
            "(it starts once every player has opened it)"
        )
        % values
    )


def _result(p: dict) -> str:
    what = p.get("what")
    if what == "no_show":
        return _("%(tournament)s: you did not check in, so you are not playing") % p
    if what == "cancelled":
        return _("%(tournament)s is cancelled: too few players") % p
    return _("%(tournament)s has finished: you placed %(place)s") % p


def _dispute(p: dict) -> str:
    what = p.get("what")
    if what == "opened":
        return _("%(player)s opened a dispute about %(game)s that concerns you") % p
    if what == "message":
        if p.get("staff"):
            return _("Staff wrote in the dispute about %(game)s") % p
        return _("%(player)s wrote in the dispute about %(game)s") % p
    if what == "message_to_staff":
        return _("%(player)s wrote in dispute %(dispute)s") % p
    if what == "status":
        return _("Your dispute about %(game)s is now %(status)s") % {
            "game": p.get("game", "?"),
            "status": _dispute_status(p.get("status", "")),
        }
    if what == "voided":
        return _("Staff voided %(game)s: %(reason)s") % p
    if what == "awarded":
        return _("Staff awarded %(game)s a result (%(order)s): %(reason)s") % {
            **p,
            "order": ", ".join(
                _("seat %(seat)s: %(place)s") % {"seat": s + 1, "place": place}
                for s, place in enumerate(p.get("places", []))
            ),
        }
    if what == "round_restarted":
        return _("Staff restarted round %(round)s of %(game)s from a fresh deal: %(reason)s") % p
    if what == "ratings_reversed":
        return _("Staff reversed the rating changes of %(game)s: %(reason)s") % p
    return _("A dispute that concerns you has news")


RENDERERS = {
    "your_turn": _your_turn,
    "rematch": _rematch,
    "challenge": _challenge,
    "tournament_checkin_open": _checkin_open,
    "tournament_starts_soon": _starts_soon,
    "tournament_seated": _seated,
    "tournament_result": _result,
    "dispute_update": _dispute,
}


def render(kind: str, params: dict | None, legacy_text: str = "") -> str:
    """The notification's words in the active language. A legacy row (no params) or a kind
    this version does not know shows its stored text; a params dict missing a name shows
    the stored text too rather than failing the whole list."""
    renderer = RENDERERS.get(kind)
    if renderer is None or not params:
        return legacy_text
    from accounts.names import deleted_name, is_pseudonym

    shown = {k: deleted_name() if is_pseudonym(v) else v for k, v in params.items()}
    try:
        return str(renderer(shown))
    except (KeyError, TypeError, ValueError):
        return legacy_text
