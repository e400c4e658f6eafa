"""What one player's move costs the database: the statements, counted (issue: a move ran 10-13).

The write pipeline of a move is three statements: lock the game row and read it with its seats
and their users (one query), append the events with the log's signed checkpoint (one
statement on PostgreSQL), update the game row. The seats' holders for the broadcast come from
that same read, so nothing is read again after the commit; a live turn writes no notification
row, and a correspondence turn's notice is one more statement, without a savepoint.
"""

from __future__ import annotations

import hashlib

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import selectors
from games import services
from games.models import Game
from notifications.models import Notification
from tests.support.factories import make_user
from tests.support.factories import open_table

pytestmark = pytest.mark.django_db(transaction=True)

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT")


def one_move(game_id, users) -> list[str]:
    """Make the first legal move of whoever is to move; return every statement it ran, the
    commit's effects included."""
    game = Game.objects.get(pk=game_id)
    seat = game.seats.get(index=game.to_move)
    user = next(u for u in users if u.pk == seat.user_id)
    state = selectors.game_state_for(game, user)
    with CaptureQueriesContext(connection) as ctx:
        services.game_move(
            game_id=game_id, user=user, move=state["legal_moves"][0], expected_seq=state["seq"]
        )
    return [q["sql"] for q in ctx.captured_queries]


@pytest.mark.postgres  # one INSERT for the events and checkpoint there; SQLite takes one each
def test_a_players_move_runs_three_statements_in_one_transaction():
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo], bots=0)

    for _ in range(6):  # the engine, plays, draws: whatever the deal gives
        statements = one_move(game.pk, [ana, bo])
        work = [s for s in statements if not s.startswith(TRANSACTION_CONTROL)]
        # lock and read the game with its seats, insert the events and checkpoint, update it
        assert len(work) <= 3, "\n".join(work)
        assert statements[0] == "BEGIN", statements
        assert statements[-1] == "COMMIT", statements
        assert len(statements) == len(work) + 2  # no savepoint
        assert sum(s.startswith('SELECT "accounts_user"') for s in work) == 0, work


def test_a_live_turn_writes_no_notification():
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo], bots=0)

    for _ in range(4):
        one_move(game.pk, [ana, bo])

    assert not Notification.objects.exists()


@pytest.mark.postgres  # counts statements as PostgreSQL runs them, like the test above
def test_a_correspondence_move_adds_only_the_next_players_notice():
    from games import services as game_services

    ana, bo = make_user("ana"), make_user("bo")
    game = game_services.game_create(
        user=ana,
        players=2,
        variants={"set_max": 6, "rounds": 1},
        time_control={"kind": "correspondence"},
        server_seed=hashlib.sha256(b"move-cost").digest(),  # a deal that plays two turns
    )
    game_services.game_join(game_id=game.id, user=bo)
    game_services.game_start(game_id=game.id, user=ana)

    start = Notification.objects.count()
    turns = 0
    while turns < 2:  # first turns may lay several tiles: play until two turns have passed
        to_move = Game.objects.get(pk=game.pk).to_move
        before = Notification.objects.count()
        statements = one_move(game.pk, [ana, bo])
        work = [s for s in statements if not s.startswith(TRANSACTION_CONTROL)]
        assert len(work) <= 4, "\n".join(work)  # the three, and the notice when the turn passes
        assert len(statements) == len(work) + 2  # no savepoint
        turned = Game.objects.get(pk=game.pk).to_move != to_move
        assert Notification.objects.count() - before == (1 if turned else 0)
        turns += turned
    assert Notification.objects.count() == start + 2
