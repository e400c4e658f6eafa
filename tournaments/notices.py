"""The notifications tournaments sends, and their words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.i18n import ordinal
from notifications.kinds import Kind
from notifications.kinds import PushKind
from notifications.kinds import register_kind
from notifications.kinds import register_push_kind
from notifications.services import notify


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
    if p.get("arena"):
        seconds = int(p.get("seconds", 0))
        return ngettext(
            "%(tournament)s: your next arena table is ready (it starts in %(count)d second)",
            "%(tournament)s: your next arena table is ready (it starts in %(count)d seconds)",
            seconds,
        ) % {"tournament": p.get("tournament", "?"), "count": seconds}
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


_RESULTS = {
    "no_show": _("%(tournament)s: you did not check in, so you are not playing"),
    "cancelled": _("%(tournament)s is cancelled: too few players"),
    "no_show_table": _(
        "%(tournament)s: you did not play at your table, so you are out of its next rounds"
    ),
    "play_warning": _(
        "Warning: a no-show or an early leave was recorded; the next ones bar you from "
        "new events for a while"
    ),
}


def _result(p: dict) -> str:
    what = p.get("what")
    if what == "play_ban":
        minutes = int(p.get("minutes", 0))
        return ngettext(
            "You may not join new events for %(minutes)s minute: a no-show or an early leave",
            "You may not join new events for %(minutes)s minutes: a no-show or an early leave",
            minutes,
        ) % {"minutes": minutes}
    if what in _RESULTS:
        return _RESULTS[what] % p
    place = p.get("place")
    return _("%(tournament)s has finished: you finished %(place)s") % {
        **p,
        "place": ordinal(place) if isinstance(place, int) else place,
    }


def result_notify(user, tournament, what: str, **params) -> None:
    """Tell ``user`` a ``tournament_result`` of ``tournament`` (``what``: finished, cancelled,
    no_show, no_show_table), once: its key is the tournament's and ``what``'s."""
    notify(
        user=user,
        kind="tournament_result",
        params={"what": what, "tournament": tournament.name, **params},
        url=f"/tournaments/{tournament.pk}",
        key=f"tournament:{tournament.pk}:{what.replace('_', '-')}",
    )


def register() -> None:
    for kind in (
        Kind(
            "tournament_checkin_open",
            _("Check-in opens for a tournament I entered"),
            True,
            20,
            _checkin_open,
        ),
        Kind(
            "tournament_starts_soon",
            _("A tournament I entered starts in 1 hour"),
            True,
            30,
            _starts_soon,
            push="tournament",
        ),
        Kind(
            "tournament_seated",
            _("I am seated for a tournament's next round"),
            True,
            40,
            _seated,
            push="tournament",
        ),
        Kind(
            "tournament_result",
            _("A tournament I entered ends, or I am out of it"),
            False,
            50,
            _result,
        ),
    ):
        register_kind(kind)
    # A device may be pushed both (notifications.push): one choice.
    register_push_kind(
        PushKind("tournament", _("A tournament I entered starts, or seats me for a round"), 20)
    )
