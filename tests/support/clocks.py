"""Timed games driven through the services (RULES R24, R25): tables on a fixed deal with a time
control, whole turns, sweeps of the deadlines, and the clock projections checked against the
log — with the platform's clock frozen and moved by hand (the ``frozen_clock`` fixture)."""

from __future__ import annotations

from datetime import timedelta

from eventstore import store
from games import services
from games.domain import load
from games.engine import legal_moves
from games.models import Game
from games.models import Seat
from games.projections import game_projection_from_log
from games.tasks import sweep_deadlines
from tests.support.factories import committed
from tests.support.factories import open_table

LIVE = {"kind": "live", "seconds_per_move": 10, "reserve_seconds": 20}
CORR = {"kind": "correspondence", "days_per_move": 2, "vacation_days": 5}


def timed_game(creator, others, tc, bots=0, *, deal=b"clocks", **variants) -> Game:
    """A started one-round double-6 game under time control ``tc``. The deal is fixed
    (``deal`` names it): with random deals, 3.5% of these games (7 tiles each, first legal
    move every time) end within the first two turns, and a test about the second turn failed
    now and then."""
    return open_table(
        creator,
        others,
        bots=bots,
        strategy="greedy",
        variants=variants,
        time_control=tc,
        deal=deal,
    )


def body(move) -> dict:
    """The service's move body for an engine move."""
    out = {"action": move.action}
    if move.action == "play":
        out.update(tile=list(move.tile), train=move.train)
    return out


def play_turn(game: Game, user) -> None:
    """``user`` plays their whole turn with their first legal move each time."""
    game.refresh_from_db()
    seat = game.to_move
    while game.status == "active" and game.to_move == seat:
        move = legal_moves(load(game.stream).state, seat)[0]
        with committed():
            services.game_move(game_id=game.id, user=user, move=body(move))
        game.refresh_from_db()


def sweep() -> int:
    """Run the deadline sweeper once (and what its commits run); return the timeouts applied."""
    with committed():
        return sweep_deadlines.run()


def events_after(game: Game, seq: int):
    return store.read(game.stream, after=seq)


def seat_row(game: Game, index: int) -> Seat:
    return Seat.objects.get(game=game, index=index)


def clock_fields(game: Game) -> dict:
    """The game's clock projections: its deadline and turn start, each seat's clock."""
    game.refresh_from_db()
    seats = {
        s.index: {
            "reserve_ms": s.reserve_ms,
            "vacation_used_s": s.vacation_used_s,
            "timeouts_in_row": s.timeouts_in_row,
            "more_time_given": s.more_time_given,
        }
        for s in game.seats.all()
    }
    return {"deadline": game.deadline, "turn_started_at": game.turn_started_at, "seats": seats}


def assert_clocks_rebuild_equal(game: Game) -> None:
    """The clock projections equal what a rebuild from the log gives."""
    live = clock_fields(game)
    rebuilt = game_projection_from_log(game)
    assert rebuilt["deadline"] == live["deadline"]
    assert rebuilt["turn_started_at"] == live["turn_started_at"]
    assert rebuilt["seats"] == live["seats"]


def run_with_seat_0_absent(frozen_clock, game, present, *, until) -> None:
    """``present`` (seat 1) plays their turns; seat 0's run out, until ``until(game)`` holds or
    the game ends."""
    for _ in range(400):
        game.refresh_from_db()
        if game.status != "active" or until(game):
            return
        if game.to_move == 1:
            play_turn(game, present)
        else:
            frozen_clock.advance(game.deadline - frozen_clock.now() + timedelta(seconds=1))
            assert sweep() == 1
    raise AssertionError("the game did not get there")
