"""The notifications disputes sends, and their words in the reader's language
(notifications.kinds)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from core.i18n import ordinal
from disputes.models import DisputeStatus
from notifications.kinds import Kind
from notifications.kinds import PushKind
from notifications.kinds import register_kind
from notifications.kinds import register_push_kind


def _dispute_status(status: str) -> str:
    try:
        return str(DisputeStatus(status).label)
    except ValueError:
        return status


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
                _("seat %(seat)s: %(place)s place") % {"seat": s + 1, "place": ordinal(place)}
                for s, place in enumerate(p.get("places", []))
            ),
        }
    if what == "round_restarted":
        return _("Staff restarted round %(round)s of %(game)s from a fresh deal: %(reason)s") % p
    if what == "ratings_reversed":
        return _("Staff reversed the rating changes of %(game)s: %(reason)s") % p
    return _("A dispute that concerns you has news")


def register() -> None:
    register_kind(
        Kind(
            "dispute_update",
            _("News in a dispute that concerns me"),
            True,
            60,
            _dispute,
            push="dispute_update",
        )
    )
    register_push_kind(PushKind("dispute_update", _("News in a dispute that concerns me"), 40))
