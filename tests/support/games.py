"""Players and real games for the service-level tests (disputes, audits, hardening): accounts
made through the account services, tables played through the game services, bots included."""

from __future__ import annotations

from django.test import TestCase
from rest_framework.test import APIClient

from accounts.services import user_register
from games import selectors, services
from games.models import Game

PASSWORD = "pw-correct-horse-1"


def make_user(name: str, *, staff: bool = False):
    user = user_register(username=name, password=PASSWORD)
    if staff:
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    return user


def client_for(user=None) -> APIClient:
    """An API client authenticated as ``user`` (anonymous if None); staff by the session, as
    the staff endpoints demand (accounts.permissions)."""
    client = APIClient()
    if user is not None and user.is_staff:
        client.force_login(user)
    elif user is not None:
        client.force_authenticate(user)
    return client


def token_client(key: str) -> APIClient:
    """An API client sending ``Authorization: Token <key>``."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def committed(service, **kwargs):
    """Call a service, then run what it scheduled on commit (the bots' turns, the ratings) as
    a commit would: the test's own transaction never commits."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return service(**kwargs)


def open_table(creator, others=(), *, bots: int = 1, rated: bool = False, rounds: int = 1) -> Game:
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
    """Make the people's moves (the first legal one each time; bots answer by themselves)
    until the game is over, or ``moves`` moves have been made."""
    made = 0
    while moves is None or made < moves:
        game = Game.objects.get(pk=game.pk)
        if game.status != "active":
            break
        seat = game.seats.get(index=game.to_move)
        user = next((u for u in users if u.pk == seat.user_id), None)
        assert user is not None, f"seat {game.to_move} is not played by a person: {seat.user}"
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
