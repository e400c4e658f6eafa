"""What one player's move costs the database: the statements, counted (issue: a move ran 10-13).

The write pipeline of a move is: lock the game row, read its seats (with their users), append
the event (and the log's signed checkpoint), update the game row. The seats' holders for the
broadcast come from that same read, so nothing is read again after the commit; a live turn
writes no notification row.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from notifications.models import Notification

from games import selectors, services
from games.models import Game
from tests.support.games import make_user, open_table

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


def test_a_players_move_runs_five_statements_in_one_transaction():
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo], bots=0)

    for _ in range(6):  # the engine, plays, draws: whatever the deal gives
        statements = one_move(game.pk, [ana, bo])
        work = [s for s in statements if not s.startswith(TRANSACTION_CONTROL)]
        # lock the game row, read the seats, insert the events, the checkpoint, update the row
        assert len(work) <= 5, "\n".join(work)
        assert statements[0] == "BEGIN" and statements[-1] == "COMMIT", statements
        assert len(statements) == len(work) + 2  # no savepoint
        assert sum(s.startswith('SELECT "accounts_user"') for s in work) == 0, work


def test_a_live_turn_writes_no_notification():
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo], bots=0)

    for _ in range(4):
        one_move(game.pk, [ana, bo])

    assert not Notification.objects.exists()


def test_a_correspondence_move_adds_only_the_next_players_notice():
    from games import services as game_services

    ana, bo = make_user("ana"), make_user("bo")
    game = game_services.game_create(
        user=ana,
        players=2,
        variants={"set_max": 6, "rounds": 1},
        time_control={"kind": "correspondence"},
    )
    game_services.game_join(game_id=game.id, user=bo)
    game_services.game_start(game_id=game.id, user=ana)

    for _ in range(4):
        before = Notification.objects.count()
        statements = one_move(game.pk, [ana, bo])
        work = [s for s in statements if not s.startswith(TRANSACTION_CONTROL)]
        assert len(work) <= 6, "\n".join(work)  # the five, and the notice when the turn passes
        assert Notification.objects.count() - before <= 1
