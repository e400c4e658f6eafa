"""Bots on a real Celery worker and beat over Redis (DESIGN, Time): a table of bots plays
itself out. The timeouts the worker applies (RULES R24) are pinned in
tests/games/test_rule_r24_on_the_worker.py.

Every test here starts its own worker and beat processes (the ``celery_processes`` fixture,
tests/games/conftest.py); the test process plays the web server's part: its services commit and
hand tasks to the broker.
"""

from __future__ import annotations

import pytest

from accounts.services import bot_account_get_or_create
from eventstore import store
from games import services
from games.integrity import verify_game
from tests.support.celery import wait_for

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_a_four_bot_game_finishes_by_itself(celery_processes, django_user_model):
    host = django_user_model.objects.create_user("host", password="x")
    bots = []
    for strategy in ("random", "greedy", "random", "greedy"):
        bots.append(bot_account_get_or_create(strategy=strategy, exclude_ids=[b.id for b in bots]))
    game = services.game_create_seated(
        created_by=host, users=bots, variants={"set_max": 6, "hand_size": 5, "rounds": 2}
    )

    def finished():
        game.refresh_from_db()
        return game.status == "finished"

    wait_for(finished, timeout=90, what="the bots to finish their game", procs=celery_processes)
    moves = [e for e in store.read(game.stream) if "by" in e.data]
    assert moves
    assert {e.actor["kind"] for e in moves} == {"bot"}
    assert game.result["places"]
    assert game.deadline is None
    assert verify_game(game).ok
