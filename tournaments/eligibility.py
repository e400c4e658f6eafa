"""Who may enter a tournament: its entry conditions, one check function each.

A check takes ``(tournament, user, now, facts)`` and returns a ``Refusal`` (a stable code from
``tournaments.errors`` and a translated sentence with the numbers) or None. ``CHECKS`` is the
list registration walks: ``tournament_register`` refuses with the first refusal (403), the
tournament's page shows all of them. Add a check by appending a function to ``CHECKS`` (a
play ban, say); ``facts`` caches what several checks read (the player's ratings).

The conditions live on the tournament (and in a series' template); ``conditions_clean``
validates them for ``tournament_create``. Bots meet no condition; but a bots-only tournament
takes no person and any other no bot a person owns (``check_bot_entry``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

from allauth.account.models import EmailAddress
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.errors import ApplicationError
from core.errors import Forbidden
from ratings import skill
from ratings.models import Rating
from ratings.models import RatingKind
from teams import selectors as team_selectors
from tournaments import bans
from tournaments.errors import TournamentError

E = TournamentError

# tournament_create's keyword arguments for the conditions, with their defaults (no condition).
CONDITION_DEFAULTS: dict[str, Any] = {
    "min_rated_games": 0,
    "live_rating_min": None,
    "live_rating_max": None,
    "correspondence_rating_min": None,
    "correspondence_rating_max": None,
    "min_account_days": 0,
    "verified_email": False,
}
RATING_BOUNDS = (0, 4000)  # display ratings (ratings.skill.display)
MAX_GAMES = 10000
MAX_ACCOUNT_DAYS = 3650


@dataclass(frozen=True)
class Refusal:
    code: str
    detail: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "detail": self.detail}


def _bad(detail: str, field: str) -> ApplicationError:
    return ApplicationError(E.INVALID_ENTRY_CONDITIONS, detail, extra={"fields": {field: [detail]}})


def _whole(value, field: str, lo: int, hi: int, *, nullable: bool) -> int | None:
    if value is None and nullable:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise _bad(f"{field} must be a whole number from {lo} to {hi}", field)
    return value


def conditions_clean(**given) -> dict[str, Any]:
    """Return the entry conditions, validated, every one filled in; raise
    ``invalid_entry_conditions`` (400) naming the field otherwise."""
    unknown = sorted(set(given) - set(CONDITION_DEFAULTS))
    if unknown:
        raise _bad(f"unknown entry conditions: {', '.join(unknown)}", unknown[0])
    out = {**CONDITION_DEFAULTS, **{k: v for k, v in given.items() if v is not None}}
    out["min_rated_games"] = _whole(
        out["min_rated_games"], "min_rated_games", 0, MAX_GAMES, nullable=False
    )
    out["min_account_days"] = _whole(
        out["min_account_days"], "min_account_days", 0, MAX_ACCOUNT_DAYS, nullable=False
    )
    if not isinstance(out["verified_email"], bool):
        raise _bad("verified_email must be true or false", "verified_email")
    for kind in RatingKind.values:
        lo_field, hi_field = f"{kind}_rating_min", f"{kind}_rating_max"
        lo = _whole(out[lo_field], lo_field, *RATING_BOUNDS, nullable=True)
        hi = _whole(out[hi_field], hi_field, *RATING_BOUNDS, nullable=True)
        if lo is not None and hi is not None and lo > hi:
            raise _bad(f"{lo_field} must not be above {hi_field}", lo_field)
    return out


def conditions_of(tournament) -> dict[str, Any]:
    """Return a tournament's entry conditions (the detail API's ``entry_conditions``)."""
    return {key: getattr(tournament, key) for key in CONDITION_DEFAULTS}


# -- the checks --------------------------------------------------------------------------------


class Facts:
    """What the checks read about one player, each fetched once."""

    def __init__(self, user) -> None:
        self.user = user
        self._ratings: dict[str, Rating] | None = None

    def rating(self, kind: str) -> tuple[int, int]:
        """Return (display rating, rated games) of ``kind``; a player never rated has the
        starting rating and no games."""
        if self._ratings is None:
            self._ratings = {r.kind: r for r in Rating.objects.filter(user=self.user)}
        row = self._ratings.get(kind)
        if row is None:
            return skill.display(skill.MU, skill.SIGMA), 0
        return row.display, row.games


def kind_of(tournament) -> str:
    """The rating kind of a tournament's games: its time control's kind."""
    return (tournament.time_control or {}).get("kind") or RatingKind.LIVE


def check_rated_games(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
    """Refuse a player with fewer rated games of the tournament's kind than it asks."""
    need = tournament.min_rated_games
    if not need:
        return None
    _, games = facts.rating(kind_of(tournament))
    if games >= need:
        return None
    if kind_of(tournament) == RatingKind.CORRESPONDENCE:
        text = ngettext(
            "Needs %(need)s rated correspondence game; you have %(have)s.",
            "Needs %(need)s rated correspondence games; you have %(have)s.",
            need,
        )
    else:
        text = ngettext(
            "Needs %(need)s rated live game; you have %(have)s.",
            "Needs %(need)s rated live games; you have %(have)s.",
            need,
        )
    return Refusal(E.ENTRY_MIN_RATED_GAMES, text % {"need": need, "have": games})


def _rating_range(kind: str) -> Callable[..., Refusal | None]:
    def check(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
        lo = getattr(tournament, f"{kind}_rating_min")
        hi = getattr(tournament, f"{kind}_rating_max")
        if lo is None and hi is None:
            return None
        rating, _games = facts.rating(kind)
        numbers = {"bound": lo, "have": rating}
        if lo is not None and rating < lo:
            if kind == RatingKind.CORRESPONDENCE:
                text = _("Needs a correspondence rating of at least %(bound)s; yours is %(have)s.")
            else:
                text = _("Needs a live rating of at least %(bound)s; yours is %(have)s.")
            return Refusal(E.ENTRY_RATING_TOO_LOW, text % numbers)
        numbers["bound"] = hi
        if hi is not None and rating > hi:
            if kind == RatingKind.CORRESPONDENCE:
                text = _("Needs a correspondence rating of at most %(bound)s; yours is %(have)s.")
            else:
                text = _("Needs a live rating of at most %(bound)s; yours is %(have)s.")
            return Refusal(E.ENTRY_RATING_TOO_HIGH, text % numbers)
        return None

    check.__name__ = f"check_{kind}_rating"
    check.__doc__ = f"Refuse a player whose {kind} rating is outside the tournament's range."
    return check


check_live_rating = _rating_range(RatingKind.LIVE)
check_correspondence_rating = _rating_range(RatingKind.CORRESPONDENCE)


def check_account_age(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
    """Refuse an account younger than the tournament's minimum, saying its age."""
    days = tournament.min_account_days
    if not days or user.date_joined + timedelta(days=days) <= now:
        return None
    when = (user.date_joined + timedelta(days=days)).astimezone(UTC)
    text = ngettext(
        "Needs an account at least %(need)s day old; yours is old enough from %(date)s UTC.",
        "Needs an account at least %(need)s days old; yours is old enough from %(date)s UTC.",
        days,
    )
    return Refusal(E.ENTRY_ACCOUNT_TOO_NEW, text % {"need": days, "date": f"{when:%Y-%m-%d %H:%M}"})


def check_verified_email(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
    """Refuse a player without a verified email address (allauth's), when asked for."""
    if not tournament.verified_email:
        return None
    if EmailAddress.objects.filter(user=user, verified=True).exists():
        return None
    return Refusal(
        E.ENTRY_EMAIL_UNVERIFIED,
        _("Needs a verified email address; verify yours in your settings."),
    )


def check_play_ban(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
    """A play ban (tournaments.bans) bars every new event until it ends; registration raises
    the ban's own ``play_ban`` error first (with its end and reason), this puts it in the
    verdict the page shows."""
    ban = bans.active_ban(user, now)
    if ban is None:
        return None
    reason = bans.OffenceKind(ban.offence.kind).label
    return Refusal(
        E.PLAY_BAN,
        _("You may not join new events until %(end)s UTC (%(reason)s).")
        % {"end": f"{ban.ends_at.astimezone(UTC):%Y-%m-%d %H:%M}", "reason": reason},
    )


def check_team(tournament, user, now: datetime, facts: Facts) -> Refusal | None:
    """A team-only tournament takes its team's members; a team battle, its teams' members."""
    if tournament.team_id is not None and not team_selectors.is_member(tournament.team_id, user.pk):
        return Refusal(
            E.ENTRY_NOT_TEAM_MEMBER,
            _("Only members of the team %(team)s enter.") % {"team": tournament.team.name},
        )
    if tournament.team_best is not None and battle_team_of(tournament, user) is None:
        return Refusal(
            E.ENTRY_NOT_BATTLE_TEAM, _("Only members of the teams in this battle enter.")
        )
    return None


def battle_team_of(tournament, user) -> int | None:
    """Return the id of the team ``user`` plays for in a team battle (the one of its teams
    they joined first), or None."""
    ids = list(tournament.battle_teams.values_list("pk", flat=True))
    return team_selectors.teams_of([user.pk], ids).get(user.pk)


Check = Callable[[Any, Any, datetime, Facts], Refusal | None]

CHECKS: list[Check] = [
    check_play_ban,
    check_rated_games,
    check_live_rating,
    check_correspondence_rating,
    check_account_age,
    check_verified_email,
    check_team,
]


def check_bot_entry(tournament, user) -> Refusal | None:
    """A bots-only tournament takes bots alone; any other takes no bot a person owns (the
    platform's bots, entered by staff, sit anywhere)."""
    if tournament.bots_only and not user.is_bot:
        return Refusal(E.ENTRY_BOTS_ONLY, _("Only bots enter this tournament."))
    if not tournament.bots_only and user.is_owned_bot:
        return Refusal(E.ENTRY_NOT_FOR_BOTS, _("Bot accounts enter only tournaments for bots."))
    return None


def entry_refusals(tournament, user, now: datetime) -> list[Refusal]:
    """Return every reason ``user`` may not enter ``tournament`` (empty: they may). Bots meet
    no entry condition but ``check_bot_entry``'s."""
    if user is None or not user.is_authenticated:
        return []
    kind = check_bot_entry(tournament, user)
    if kind is not None:
        return [kind]
    if user.is_bot:
        return []
    facts = Facts(user)
    return [r for check in CHECKS if (r := check(tournament, user, now, facts)) is not None]


def entry_check(tournament, user, now: datetime) -> None:
    """Raise the first refusal of ``entry_refusals`` (403, its code), with every reason."""
    refusals = entry_refusals(tournament, user, now)
    if refusals:
        first = refusals[0]
        raise Forbidden(
            first.code, first.detail, extra={"reasons": [r.as_dict() for r in refusals]}
        )


def entry_for(tournament, user, now: datetime) -> dict[str, Any] | None:
    """Return the viewer's ``entry`` of the detail API: whether they can enter and, if not,
    every reason; None for a visitor who is not signed in."""
    if user is None or not user.is_authenticated:
        return None
    refusals = entry_refusals(tournament, user, now)
    return {"can_enter": not refusals, "reasons": [r.as_dict() for r in refusals]}
