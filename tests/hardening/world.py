"""Players and games for the hardening tests, made through the services: an open table, a
started game the bots have played in, a finished rated game, a dispute."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from disputes import services as dispute_services
from django.test import TestCase

from accounts.models import User
from accounts.services import auth_token_get_or_create, user_register
from core import clock
from games import selectors, services
from games.models import Game

PASSWORD = "pw-correct-horse-1"


def make_user(name: str, *, staff: bool = False):
    user = user_register(username=name, password=PASSWORD)
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user


def token(user) -> str:
    return auth_token_get_or_create(user=user)


def committed(service, **kwargs):
    """Call a service, then run what it scheduled on commit (bots' turns, ratings), as a commit
    would: a test's own transaction never commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return service(**kwargs)


def start_table(creator, others=(), *, bots: int = 1, rounds: int = 1, rated: bool = False):
    """Start a double-6 table: ``creator``, ``others``, then ``bots`` random bots."""
    game = services.game_create(
        user=creator,
        players=1 + len(others) + bots,
        variants={"set_max": 6, "rounds": rounds},
        rated=rated,
    )
    for user in others:
        services.game_join(game_id=game.id, user=user)
    for _ in range(bots):
        services.game_add_bot(game_id=game.id, user=creator, strategy="random")
    committed(services.game_start, game_id=game.id, user=creator)
    return Game.objects.get(pk=game.id)


def play(game: Game, users, *, moves: int | None = None) -> Game:
    """Make the people's first legal move each turn (bots answer by themselves) until the game
    is over or ``moves`` moves were made."""
    made = 0
    while moves is None or made < moves:
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = game.seats.get(index=game.to_move)
        user = next(u for u in users if u.pk == seat.user_id)
        st = selectors.game_state_for(game, user)
        committed(
            services.game_move,
            game_id=game.pk,
            user=user,
            move=st["legal_moves"][0],
            expected_seq=st["seq"],
        )
        made += 1
    return Game.objects.get(pk=game.pk)


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
    tournament_id: int | None  # one open for registration, if the platform has tournaments


def build_world() -> World:
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    mod = make_user("mod", staff=True)
    open_game = services.game_create(user=cy, players=3, variants={"set_max": 6, "rounds": 1})
    finished = play(start_table(ana, [bo], rated=True), [ana, bo])
    assert finished.status == "finished"
    started = play(start_table(ana, [bo], rounds=2), [ana, bo], moves=4)
    assert started.status == "active"
    dispute = dispute_services.dispute_open(
        user=ana,
        game_id=finished.id,
        category="other",
        reason="the bot seemed to know my hand",
        against=[1],
    )
    return World(ana, bo, cy, mod, open_game, started, finished, dispute.id, open_tournament(mod))


def open_tournament(organizer) -> int | None:
    """A Swiss tournament open for registration, starting in an hour (ana registered)."""
    try:
        from tournaments import services as tournament_services
    except ImportError:
        return None
    tournament = tournament_services.tournament_create(
        user=organizer,
        name="hardening cup",
        format="swiss",
        starts_at=clock.now() + timedelta(hours=1),
        table_size=4,
        rounds=2,
        variants={"set_max": 6, "rounds": 1},
    )
    ana = User.objects.get(username="ana")
    tournament_services.tournament_register(tournament_id=tournament.pk, user=ana)
    return tournament.pk
