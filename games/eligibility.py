"""Who may play rated: open, join or be challenged to a rated table, or enter a rated
tournament. An account qualifies by a history that costs something to fake: finished games
played to the end against another person who played it to the end too (a game against bots
alone costs a script nothing), or its age (settings RATED_MIN_GAMES, RATED_MIN_ACCOUNT_DAYS);
a bot a person owns never plays rated. Games and tournaments refuse the others with
``not_eligible_for_rated`` or ``bots_not_rated`` (403); the refusal's detail is the sentence
the lobby shows beforehand under its Rated box (``rated_eligibility_text``), in the reader's
language."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import NoReturn

from django.conf import settings
from django.db.models import Exists
from django.db.models import OuterRef
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import clock
from core.errors import Forbidden
from games.errors import GameError
from games.models import GameStatus
from games.models import Seat


@dataclass(frozen=True)
class RatedEligibility:
    eligible: bool
    games: int  # finished games played to the end (counted up to ``games_needed``)
    games_needed: int  # settings.RATED_MIN_GAMES; 0: finished games do not qualify
    eligible_at: datetime | None  # when the account is old enough; None: age does not qualify


def rated_eligibility(user) -> RatedEligibility:
    """Tell whether ``user`` may open, join or register for rated play, and what is missing.

    An account qualifies once it has played ``RATED_MIN_GAMES`` finished games (rated or not)
    to the end against another person who did too — a game it resigned or forfeited, or one
    against bots alone, does not count — or once it is
    ``RATED_MIN_ACCOUNT_DAYS`` days old. A setting of 0 turns its requirement off; with both
    off every account qualifies. Bots are seated by people and always qualify.
    """
    need = max(int(settings.RATED_MIN_GAMES), 0)
    days = max(int(settings.RATED_MIN_ACCOUNT_DAYS), 0)
    if user.is_bot or not (need or days):
        return RatedEligibility(True, 0, need, None)
    eligible_at = user.date_joined + timedelta(days=days) if days else None
    if eligible_at is not None and eligible_at <= clock.now():
        return RatedEligibility(True, 0, need, eligible_at)
    games = 0
    if need:
        stayed = {"resigned_at__isnull": True, "forfeited_at__isnull": True}
        another_person = Seat.objects.filter(
            game=OuterRef("game"), user__is_bot=False, **stayed
        ).exclude(user=OuterRef("user"))
        games = (
            Seat.objects.filter(user=user, game__status=GameStatus.FINISHED, **stayed)
            .filter(Exists(another_person))[:need]
            .count()
        )
    return RatedEligibility(bool(need) and games >= need, games, need, eligible_at)


def raise_bots_not_rated() -> NoReturn:
    """Refuse rated play to a bot a person owns (403 ``bots_not_rated``)."""
    raise Forbidden(
        GameError.BOTS_NOT_RATED,
        "bots people own play casual tables and bots-only tournaments, never rated play",
    )


def rated_eligibility_text(e: RatedEligibility) -> str:
    """Say, in the active language, what an account that may not play rated yet lacks and
    that unrated tables are open to it: the refusal's detail and the lobby's hint."""
    said = []
    days = int(settings.RATED_MIN_ACCOUNT_DAYS)
    when = f"{e.eligible_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC" if e.eligible_at else ""
    if e.games_needed:
        said.append(
            ngettext(
                "Rated games open to you after %(need)s finished game against another "
                "person; you have finished %(done)s.",
                "Rated games open to you after %(need)s finished games against other "
                "people; you have finished %(done)s.",
                e.games_needed,
            )
            % {"need": e.games_needed, "done": e.games}
        )
        if e.eligible_at is not None:
            said.append(
                ngettext(
                    "Or wait until your account is %(days)s day old, on %(date)s.",
                    "Or wait until your account is %(days)s days old, on %(date)s.",
                    days,
                )
                % {"days": days, "date": when}
            )
    elif e.eligible_at is not None:
        said.append(
            ngettext(
                "Rated games open to you when your account is %(days)s day old, on %(date)s.",
                "Rated games open to you when your account is %(days)s days old, on %(date)s.",
                days,
            )
            % {"days": days, "date": when}
        )
    said.append(_("Unrated tables are open to you now."))
    return " ".join(said)


def rated_eligibility_check(user) -> None:
    """Raise ``not_eligible_for_rated`` (403), saying what is missing in the reader's language
    (``rated_eligibility_text``), unless ``user`` may play rated (``rated_eligibility``);
    ``bots_not_rated`` (403) for a bot a person owns."""
    if user.is_owned_bot:
        raise_bots_not_rated()
    e = rated_eligibility(user)
    if e.eligible:
        return
    extra: dict[str, Any] = {}
    if e.games_needed:
        extra.update(games_needed=e.games_needed, games_finished=e.games)
    if e.eligible_at is not None:
        extra["eligible_at"] = e.eligible_at.astimezone(UTC).isoformat()
    raise Forbidden(GameError.NOT_ELIGIBLE_FOR_RATED, rated_eligibility_text(e), extra=extra)
