"""Read-only rating queries: leaderboards, player profiles, rating histories."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from accounts.names import Names
from accounts.selectors import player_get
from analysis.selectors import player_analysis
from core.errors import ApplicationError
from games.models import GameStatus
from games.models import Seat
from ratings import skill
from ratings.errors import RatingError
from ratings.models import RatedGame
from ratings.models import Rating
from ratings.models import RatingChange
from ratings.models import RatingKind

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
