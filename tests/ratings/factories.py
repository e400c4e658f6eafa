"""People, bots and finished games for the ratings tests.

A finished game's ``result`` is built by the engine itself: round scores go through
``games.engine.scoring.places`` (RULES R23) into a ``MatchEnded`` event, and the result is that
event's data, exactly what ``games.services`` projects when a match ends. Its log holds just a
turn of each person's own (a pass, in their name): what ``ratings.services`` looks for before
rating a game.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model
from eventstore import store

from accounts.services import bot_account_get_or_create
from core import clock
from games.engine import Ruleset, event_to_dict
from games.engine.events import MatchEnded, TurnPassed
from games.engine.scoring import places as engine_places
from games.models import Game, GameStatus, Seat

TIME_CONTROLS = {
    "live": {"kind": "live", "seconds_per_move": 60, "reserve_seconds": 300},
    "correspondence": {"kind": "correspondence", "days_per_move": 3, "vacation_days": 14},
}


def person(name: str):
    return get_user_model().objects.create_user(username=name, password="pw-long-enough-1")


def bot(strategy: str = "greedy", *, exclude=()):
    return bot_account_get_or_create(strategy=strategy, exclude_ids=[u.pk for u in exclude])


def finished_game(
    users: Sequence,
    places: Sequence[int],
    *,
    kind: str = "live",
    rated: bool = True,
    resigned: Sequence[int] = (),
    forfeited: Sequence[int] = (),
    status: str = GameStatus.FINISHED,
    turns: Sequence[int] | None = None,
) -> Game:
    """Return a finished game with ``users`` in seat order that ended in ``places`` (by seat).

    One round is scored so that the engine ranks the seats in ``places``: a seat's penalty
    score is ten times its place, equal places tying on every R23 tie-break. ``turns``: the
    seats whose players played a turn of their own (default: every person's).
    """
    n = len(users)
    ruleset = Ruleset.for_players(n)
    totals, zeros, ranked = engine_places([tuple(10 * p for p in places)], ruleset)
    assert list(ranked) == list(places), "places must be ranked 1, 1, 3 style"
    result = event_to_dict(MatchEnded(totals, zeros, ranked))["data"]
    now = clock.now()
    game = Game.objects.create(
        created_by=users[0],
        created_at=now,
        players=n,
        ruleset=ruleset.to_dict(),
        time_control=TIME_CONTROLS[kind],
        rated=rated,
        status=status,
        started_at=now,
        finished_at=now if status == GameStatus.FINISHED else None,
        result=result if status == GameStatus.FINISHED else None,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            index=i,
            user=u,
            joined_at=now,
            resigned_at=now if i in resigned else None,
            forfeited_at=now if i in forfeited else None,
        )
        for i, u in enumerate(users)
    )
    turns = [i for i, u in enumerate(users) if not u.is_bot] if turns is None else turns
    for n, i in enumerate(turns):
        u = users[i]
        store.append(
            game.stream,
            expected_version=n,
            events=[event_to_dict(TurnPassed(i))],
            actor={"kind": "player", "user": u.pk, "name": u.username},
        )
    game.version = len(turns)
    game.save(update_fields=["version"])
    return game
