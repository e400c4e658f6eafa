"""More time for an opponent (issue 34): a seated player gives the seat to move more time on
its current move, as Lichess's "+15 seconds" and "+1 day".

The gift is a platform event in the game's log (``MoreTimeGiven``: {seat, seconds, given_by}),
appended like a resignation and shown to every viewer; the projection adds ``seconds`` to the
turn's ``Game.turn_extra_s`` and moves its deadline back (``games.clocks``: the live move time
or the correspondence days charged are that much longer). It moves nothing in the match: the
engine, the record and its verification never see it.

Bounds: 15 s to 5 min at a live table, 1 to 7 days at a correspondence one; only to another
seat, the one to move, whose player is on the clock (not a seat the platform plays); at most
``MORE_TIME_PER_GAME`` gifts by each player in a game; never at a tournament's table, whose
clocks are the same for all by its rules.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.throttling import Throttled
from core.throttling import hit
from games import domain
from games import effects
from games.domain import MORE_TIME_GIVEN
from games.domain import MoveResult
from games.domain import Stale
from games.domain import load
from games.domain import platform_event
from games.errors import GameError
from games.models import Game
from games.rematch import tournament_id_of
from games.services import check_active
from games.services import seat_of

# The amounts a gift may be, in seconds, by the table's kind of clock.
BOUNDS = {"live": (15, 5 * 60), "correspondence": (86400, 7 * 86400)}
MORE_TIME_PER_GAME = 3  # gifts by one player in one game


def _check_seconds(seconds: Any, kind: str) -> int:
    lo, hi = BOUNDS[kind]
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not lo <= seconds <= hi:
        raise ApplicationError(
            GameError.INVALID_MORE_TIME,
            f"more time at a {kind} table is {lo} to {hi} seconds",
            extra={"min": lo, "max": hi},
        )
    return seconds


def _check_recipient(game: Game, seats, giver: int, seat: Any) -> None:
    """Refuse a gift to ``seat`` unless it is another seat, to move, on a person's clock."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
        raise ApplicationError(GameError.INVALID_SEAT, f"seat must be 0 to {len(seats) - 1}")
    if seat == giver:
        raise ApplicationError(GameError.MORE_TIME_TO_SELF, "you cannot give yourself more time")
    if game.to_move != seat:
        raise Conflict(
            GameError.MORE_TIME_NOT_TO_MOVE,
            f"seat {seat + 1} is not to move: more time is for the move under way",
            extra={"seq": game.version},
        )
    if seats[seat].automatic:
        raise Conflict(
            GameError.MORE_TIME_NO_CLOCK, "the platform plays that seat: it has no clock"
        )
    if game.deadline is not None and clock.now() > game.deadline:
        raise Conflict(
            GameError.DEADLINE_PASSED,
            "that move's time has run out; the timeout action is being applied",
            extra={"seq": game.version},
        )


@transaction.atomic
def game_give_more_time(
    *, game_id, user, seat: Any, seconds: Any, expected_seq: int | None = None
) -> MoveResult:
    """Give the seat to move, ``seat``, ``seconds`` more for its current move, from ``user``'s
    seat. Refusals: 429 ``throttled`` (``RATE_LIMIT_MORE_TIME``); 400 ``invalid_more_time``,
    ``invalid_seat``, ``more_time_to_self``, ``game_over``, ``game_not_started``; 403
    ``not_a_player``, ``resigned``; 409 ``more_time_not_to_move``, ``more_time_no_clock``,
    ``more_time_limit``, ``tournament_game``, ``deadline_passed``, ``stale`` (the game moved
    past ``expected_seq``)."""
    wait = hit("more_time", f"user:{user.pk}")  # one limit for REST and sockets, every game
    if wait is not None:
        raise Throttled(wait)
    game, seats = domain.get_game_and_seats(game_id)
    check_active(game)
    giver = seat_of(seats, user)
    if giver.resigned_at is not None or giver.forfeited_at is not None:
        raise Forbidden(GameError.RESIGNED, "you left this game")
    kind = game.time_control.get("kind", "live")
    seconds = _check_seconds(seconds, kind)
    _check_recipient(game, seats, giver.index, seat)
    if tournament_id_of(game) is not None:
        raise Conflict(
            GameError.TOURNAMENT_GAME, "a tournament's clocks are the same for every table"
        )
    if giver.more_time_given >= MORE_TIME_PER_GAME:
        raise Conflict(
            GameError.MORE_TIME_LIMIT,
            f"you have given more time {MORE_TIME_PER_GAME} times in this game",
            extra={"limit": MORE_TIME_PER_GAME},
        )
    loaded = load(game.stream, known_version=game.version)
    before = loaded.version
    if expected_seq is not None and expected_seq != before:
        raise Stale(before)
    event = platform_event(MORE_TIME_GIVEN, seat=seat, seconds=seconds, given_by=giver.index)
    appended = domain.append(game, loaded, [event], domain.actor(user))
    effects.written(game, seats, loaded, appended, before=before)
    return MoveResult(loaded.version, tuple(appended), seat=giver.index)
