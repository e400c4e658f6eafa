"""Read-only rating queries: leaderboards, player profiles, rating histories."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, NoReturn

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from accounts.names import Names
from core import clock
from core.errors import ApplicationError, Forbidden, NotFound
from games.models import GameStatus, Seat
from ratings import skill
from ratings.errors import RatingError
from ratings.models import RatedGame, Rating, RatingChange, RatingKind

HISTORY_LIMIT = 1000  # the most recent points a history returns


def rating_kind_parse(value: str | None, default: str = RatingKind.LIVE) -> str:
    """Return the rating kind a query parameter names, or raise ``invalid_kind`` (400)."""
    if value in (None, ""):
        return default
    if value not in RatingKind.values:
        raise ApplicationError(
            RatingError.INVALID_KIND, f"kind must be one of: {', '.join(RatingKind.values)}"
        )
    return value


def player_analysis(user) -> dict[str, Any]:
    from analysis.selectors import player_analysis as of

    return of(user)


def player_get(username: str):
    """Return the active account named ``username`` (any case), or raise ``not_found``."""
    user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise NotFound(RatingError.NOT_FOUND, "no such player")
    return user


def rating_leaderboard(*, kind: str) -> QuerySet[Rating]:
    """Return the ratings of people with at least one standing rated game, best first."""
    return (
        Rating.objects.filter(kind=kind, games__gt=0, user__is_bot=False, user__is_active=True)
        .select_related("user")
        .order_by("-ordinal", "-games", "user__username", "pk")
    )


def rating_rank(rating: Rating) -> int | None:
    """Return a rating's place on its leaderboard, or None if it is not on it."""
    if rating.pk is None or rating.games == 0 or rating.user.is_bot:
        return None
    better = rating_leaderboard(kind=rating.kind).filter(ordinal__gt=rating.ordinal).count()
    return better + 1


@dataclass(frozen=True)
class RatingEntry:
    kind: str
    rating: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool
    rank: int | None
    updated_at: Any


def _entry(r: Rating) -> RatingEntry:
    return RatingEntry(
        kind=r.kind,
        rating=r.display,
        mu=r.mu,
        sigma=r.sigma,
        ordinal=r.ordinal,
        games=r.games,
        provisional=r.provisional,
        rank=rating_rank(r),
        updated_at=r.updated_at,
    )


def bot_owner_name(user) -> str | None:
    """The username of the person who owns the bot ``user``; None for anyone else, and for a
    bot whose owner deleted their account (the owner's name is not kept, accounts.deletion)."""
    if user.bot_owner_id is None:
        return None
    owner = get_user_model().objects.filter(pk=user.bot_owner_id).first()
    if owner is None or owner.deleted_at is not None or not owner.is_active:
        return None
    return owner.username


def player_profile(*, username: str) -> dict[str, Any]:
    """Return a player's public profile: a rating per kind (a newcomer's where none yet) and
    game counts. Bots have no rating: they play at a fixed belief (``ratings.skill``)."""
    user = player_get(username)
    ratings = []
    if not user.is_bot:
        have = {r.kind: r for r in Rating.objects.filter(user=user).select_related("user")}
        for kind in RatingKind.values:
            ratings.append(_entry(have.get(kind) or Rating(user=user, kind=kind)))
    finished = Seat.objects.filter(user=user, game__status=GameStatus.FINISHED)
    return {
        "username": user.username,
        "is_bot": user.is_bot,
        "bot_owner": bot_owner_name(user),
        "joined": user.date_joined,
        "games": {
            "finished": finished.count(),
            "rated": sum(r.games for r in ratings),
        },
        "ratings": ratings,
        "analysis": player_analysis(user),
    }


def rating_history(*, username: str, kind: str) -> dict[str, Any]:
    """Return the standing rating changes of a player in ``kind``, oldest first: one chart
    point per rated game (the last ``HISTORY_LIMIT``), and the rating they started from."""
    user = player_get(username)
    changes = list(
        RatingChange.objects.filter(user=user, kind=kind, reversed_at__isnull=True).order_by("-pk")[
            :HISTORY_LIMIT
        ]
    )
    changes.reverse()
    start = (changes[0].mu_before, changes[0].sigma_before) if changes else (skill.MU, skill.SIGMA)
    return {
        "username": user.username,
        "kind": kind,
        "start": skill.display(*start),
        "points": [
            {
                "game": c.game_id,
                "at": c.created_at,
                "rating": c.display_after,
                "change": c.display_after - c.display_before,
                "mu": c.mu_after,
                "sigma": c.sigma_after,
                "place": c.place,
                "players": c.players,
                "left": c.left,
            }
            for c in changes
        ],
    }


# -- who may play rated ------------------------------------------------------------------------


@dataclass(frozen=True)
class RatedEligibility:
    eligible: bool
    games: int  # finished games played to the end (counted up to ``games_needed``)
    games_needed: int  # settings.RATED_MIN_GAMES; 0: finished games do not qualify
    eligible_at: datetime | None  # when the account is old enough; None: age does not qualify


def rated_eligibility(user) -> RatedEligibility:
    """Tell whether ``user`` may open, join or register for rated play, and what is missing.

    An account qualifies once it has played ``RATED_MIN_GAMES`` finished games (rated or not)
    to the end — a game it resigned or forfeited does not count — or once it is
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
        games = Seat.objects.filter(
            user=user,
            game__status=GameStatus.FINISHED,
            resigned_at__isnull=True,
            forfeited_at__isnull=True,
        )[:need].count()
    return RatedEligibility(bool(need) and games >= need, games, need, eligible_at)


def raise_bots_not_rated() -> NoReturn:
    """Refuse rated play to a bot a person owns (403 ``bots_not_rated``)."""
    raise Forbidden(
        RatingError.BOTS_NOT_RATED,
        "bots people own play casual tables and bots-only tournaments, never rated play",
    )


def rated_eligibility_check(user) -> None:
    """Raise ``not_eligible_for_rated`` (403), saying what is missing, unless ``user`` may
    play rated (``rated_eligibility``); ``bots_not_rated`` (403) for a bot a person owns."""
    if user.is_owned_bot:
        raise_bots_not_rated()
    e = rated_eligibility(user)
    if e.eligible:
        return
    ways, progress = [], []
    extra: dict[str, Any] = {}
    if e.games_needed:
        ways.append(f"{e.games_needed} finished games played to the end")
        progress.append(f"you have {e.games}")
        extra.update(games_needed=e.games_needed, games_finished=e.games)
    if e.eligible_at is not None:
        ways.append(f"an account {settings.RATED_MIN_ACCOUNT_DAYS} days old")
        at = e.eligible_at.astimezone(UTC)
        progress.append(f"yours is old enough from {at:%Y-%m-%d %H:%M} UTC")
        extra["eligible_at"] = at.isoformat()
    raise Forbidden(
        RatingError.NOT_ELIGIBLE_FOR_RATED,
        f"rated play needs {' or '.join(ways)}: {', and '.join(progress)}; "
        "unrated tables are open to you now",
        extra=extra,
    )


# -- a game's rating changes -------------------------------------------------------------------


def game_ratings(game) -> dict[str, Any] | None:
    """Return what a rated game did to its people's ratings, or None for an unrated game.

    ``state``: ``pending`` until the ratings task has run for a finished game (or while it is
    played), then the ledger's ``applied``, ``aborted`` or ``reversed``. ``changes``: the
    changes that stand, by seat, as display ratings (``skill.display``, as profiles and the
    leaderboard show them); a reversed change is left out, as it no longer counts.
    """
    if not game.rated:
        return None
    ledger = RatedGame.objects.filter(game=game).values_list("state", flat=True).first()
    changes = (
        RatingChange.objects.filter(game=game, reversed_at__isnull=True)
        .select_related("user")
        .order_by("seat")
    )
    seats = Seat.objects.filter(game=game, user__deleted_at__isnull=False).select_related("user")
    table = Names(s.user for s in seats.order_by("index"))
    return {
        "state": ledger or "pending",
        "changes": [
            {
                "seat": c.seat,
                "username": table.of(c.user),
                "kind": c.kind,
                "before": c.display_before,
                "after": c.display_after,
                "change": c.display_after - c.display_before,
            }
            for c in changes
        ],
    }
