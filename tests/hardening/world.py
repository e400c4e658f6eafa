"""The world the hardening tests attack, made through the services (tests.support.factories):
an open table, a started game the bots have played in, a finished rated game, a dispute."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from accounts.models import User
from disputes import services as dispute_services
from games import services
from games.models import Game
from tests.support.factories import make_user
from tests.support.factories import new_tournament
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import register


def token(user) -> str:
    from tests.realtime.helpers import token_for

    return token_for(user)


@dataclass
class World:
    ana: object  # plays the started and the finished game
    bo: object  # plays them too
    cy: object  # opened the open table; plays nothing else
    mod: object  # staff
    open_game: Game
    started: Game
    finished: Game
    dispute_id: int
    tournament_id: int  # one open for registration


def build_world() -> World:
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    mod = make_user("mod", staff=True)
    open_game = services.game_create(user=cy, players=3, variants={"set_max": 6, "rounds": 1})
    finished = play(open_table(ana, [bo], rated=True), [ana, bo])
    assert finished.status == "finished"
    started = play(open_table(ana, [bo], rounds=2), [ana, bo], moves=4)
    assert started.status == "active"
    dispute = dispute_services.dispute_open(
        user=ana,
        game_id=finished.id,
        category="other",
        reason="the bot seemed to know my hand",
        against=[1],
    )
    return World(ana, bo, cy, mod, open_game, started, finished, dispute.id, open_tournament(mod))


def open_tournament(organizer) -> int:
    """A Swiss tournament open for registration, starting in an hour (ana registered)."""
    tournament = new_tournament(organizer, name="hardening cup", starts_in=timedelta(hours=1))
    register(tournament, [User.objects.get(username="ana")])
    return tournament.pk
