"""The notifications teams sends, and their words in the reader's language
(notifications.kinds): a join request (to the team's leaders), a request accepted, a member
removed, a team closed by staff."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from notifications.kinds import Kind
from notifications.kinds import register_kind
from notifications.services import notify


def _url(team) -> str:
    return f"/teams/{team.slug}"


def join_requested(leader, team, who, request_id: int) -> None:
    """Tell a leader of ``team`` that ``who`` asks to join it."""
    notify(
        user=leader,
        kind="team_join_request",
        params={"team": team.name, "player": who.username},
        url=_url(team),
        key=f"team:{team.pk}:request:{request_id}",
    )


def request_accepted(user, team) -> None:
    notify(user=user, kind="team_request_accepted", params={"team": team.name}, url=_url(team))


def removed(user, team) -> None:
    notify(user=user, kind="team_removed", params={"team": team.name}, url=_url(team))


def closed(user, team) -> None:
    notify(
        user=user,
        kind="team_closed",
        params={"team": team.name},
        url=_url(team),
        key=f"team:{team.pk}:closed",
    )


def _join_request(p: dict) -> str:
    return _("%(player)s asks to join %(team)s") % p


def _accepted(p: dict) -> str:
    return _("You are now a member of %(team)s") % p


def _removed(p: dict) -> str:
    return _("A leader removed you from %(team)s") % p


def _closed(p: dict) -> str:
    return _("%(team)s was closed by the moderators") % p


def register() -> None:
    for kind in (
        Kind(
            "team_join_request",
            _("Someone asks to join a team I lead"),
            True,
            90,
            _join_request,
        ),
        Kind("team_request_accepted", _("A team accepts me"), False, 91, _accepted),
        Kind("team_removed", _("I am removed from a team"), False, 92, _removed),
        Kind("team_closed", _("A team I am in is closed"), False, 93, _closed),
    ):
        register_kind(kind)
