"""RULES R25: "A player who leaves a tournament game is not removed from the record: their seat
keeps its history, and a bot or forfeit continues it as the game's rules say."

Here: a forfeited seat, through the services — the timeout action plays it on to the end of the
game, and the log's rebuild keeps the forfeit.
"""

from __future__ import annotations

import pytest

from games import services
from games.projections import game_projection_from_log
from tests.support.clocks import LIVE
from tests.support.clocks import events_after
from tests.support.clocks import play_turn
from tests.support.clocks import seat_row
from tests.support.clocks import timed_game
from tests.support.factories import committed

pytestmark = pytest.mark.django_db


def test_a_player_who_forfeits_is_played_by_the_timeout_action_to_the_end(ana, bo):
    game = timed_game(ana, [bo], LIVE, rounds=2)
    with committed():
        left = services.game_resign(game_id=game.id, user=ana, forfeit=True, reason="withdrawn")
    assert [(e.type, e.data) for e in left.events][0] == (
        "SeatForfeited",
        {"seat": 0, "reason": "withdrawn"},
    )
    while game.status == "active":
        play_turn(game, bo)
    mine = [e for e in events_after(game, left.events[0].seq) if "by" in e.data]
    seat0 = [e for e in mine if e.data["seat"] == 0]
    assert seat0
    assert all(e.data["by"] == "timeout" for e in seat0)
    assert seat_row(game, 0).forfeited_at is not None
    rebuilt = game_projection_from_log(game)
    assert rebuilt["forfeited"] == {0: seat_row(game, 0).forfeited_at}
