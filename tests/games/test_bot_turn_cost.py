"""What a bot's turn costs the database (games.automatic.game_play_automatic): read the game
with its seats and their users (one statement, no lock: the bot thinks after it), then, once
it has chosen, lock and read the game row (one), append (one on PostgreSQL) and update the row
(one). It read the game and its seats through the ORM, then locked the row through the ORM
again: three statements where two do (issue 30's profile: a fifth of the worker's time)."""

from __future__ import annotations

import hashlib

import pytest
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext

from games import selectors
from games import services
from games.automatic import game_play_automatic
from games.models import Game
from tests.support.factories import make_user

# The lock and the one-statement append are PostgreSQL's (SQLite locks the whole file).
pytestmark = [pytest.mark.django_db, pytest.mark.postgres]

TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")  # prefixes


def test_a_bots_turn_reads_once_then_locks_appends_and_updates():
    ana = make_user("ana")
    with TestCase.captureOnCommitCallbacks(execute=False):  # nobody plays the bot for us
        game = services.game_create(
            user=ana,
            players=2,
            variants={"set_max": 6, "rounds": 1},
            server_seed=hashlib.sha256(b"bot-cost").digest(),
        )
        services.game_add_bot(game_id=game.id, user=ana, strategy="random")
        services.game_start(game_id=game.id, user=ana)
    game = Game.objects.get(pk=game.id)
    while game.seats.get(index=game.to_move).user_id == ana.pk:  # to the bot's turn
        state = selectors.game_state_for(game, ana)
        with TestCase.captureOnCommitCallbacks(execute=False):
            services.game_move(
                game_id=game.id, user=ana, move=state["legal_moves"][0], expected_seq=state["seq"]
            )
        game = Game.objects.get(pk=game.id)

    with CaptureQueriesContext(connection) as ctx, TestCase.captureOnCommitCallbacks():
        result = game_play_automatic(game_id=game.id, seq=game.version)
    assert result is not None
    statements = [
        q["sql"]
        for q in ctx.captured_queries
        if not q["sql"].strip().upper().startswith(TRANSACTION_CONTROL)
    ]
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    writes = [s for s in statements if not s.lstrip().upper().startswith("SELECT")]
    # The state comes from the events (this process's cache was not filled: the move's commit
    # callbacks were held back), read by the event store; the game and its seats, twice:
    of_games = [s for s in reads if "eventstore_" not in s]
    assert len(of_games) == 2, "\n".join(r[:120] for r in of_games)
    assert "games_seat" in of_games[0]  # with its seats and their users, in one statement
    assert "FOR UPDATE" not in of_games[0].upper()  # no lock while the bot thinks
    assert of_games[1].upper().endswith("FOR UPDATE")  # the lock, once it has chosen
    assert len(writes) == 2, writes  # the append (with its checkpoint), the row's update
