"""The in-process cache of committed states: used only at the version the database shows."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from eventstore import store
from games import services
from games.domain import STATE_CACHE
from games.domain import load
from games.engine import event_to_dict
from games.engine import legal_moves
from games.engine import step
from games.models import Game

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _move(game, users):
    game.refresh_from_db()
    state = load(game.stream).state
    move = legal_moves(state, state.to_move)[0]
    body = {"action": move.action}
    if move.action == "play":
        body.update(tile=list(move.tile), train=move.train)
    services.game_move(
        game_id=game.id, user=users[state.to_move], move=body, expected_seq=game.version
    )


def started_game(django_user_model):
    """A started two-player game of ana and bo; return it and them."""
    users = [django_user_model.objects.create_user(n, password="x") for n in ("ana", "bo")]
    game = services.game_create(user=users[0], players=2)
    services.game_join(game_id=game.id, user=users[1])
    services.game_start(game_id=game.id, user=users[0])
    return game, users


def test_a_committed_move_is_cached_at_its_version_and_equals_the_log(django_user_model):
    STATE_CACHE.clear()
    game, users = started_game(django_user_model)
    for _ in range(5):
        _move(game, users)
    game = Game.objects.get(pk=game.id)
    cached = STATE_CACHE.get(game.stream, game.version)
    assert cached is not None
    from_log = load(game.stream)
    assert (cached.version, cached.head_hash) == (from_log.version, from_log.head_hash)
    assert cached.state == from_log.state


def test_a_cached_state_behind_the_database_is_not_used(django_user_model):
    STATE_CACHE.clear()
    game, users = started_game(django_user_model)
    _move(game, users)
    game = Game.objects.get(pk=game.id)
    old = game.version
    # Another process moves the game on: this one's cache still holds the old version.
    state = load(game.stream).state
    move = legal_moves(state, state.to_move)[0]
    events = step(state, move)
    store.append(
        game.stream,
        expected_version=old,
        events=[event_to_dict(e) for e in events],
        actor={"kind": "player"},
    )
    assert STATE_CACHE.get(game.stream, old) is not None
    with CaptureQueriesContext(connection) as queries:
        fresh = load(game.stream, known_version=old + len(events))
    assert fresh.version == old + len(events)
    assert fresh.state == load(game.stream).state
    assert fresh.head_hash == load(game.stream).head_hash
    # Caught up from the cached state with the events since it, not from a snapshot.
    assert len(queries) == 1
    assert "eventstore_snapshot" not in queries[0]["sql"]
    assert STATE_CACHE.get(game.stream, old + len(events)) is None  # never cached uncommitted
