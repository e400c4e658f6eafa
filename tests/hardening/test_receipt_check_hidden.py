"""The receipt check, attacked by a player at the sibling table of a duplicate deal: the check
answers anyone, with any receipts (even malformed ones), and it answered the table's live
``seq``, how far a table still playing the same tiles had got, which every other document
hides while the deal group plays. It now answers 0 to whoever may not see the table's progress,
and has a rate limit of its own."""

from __future__ import annotations

import pytest

from games.models import Game
from tests.support.factories import client_for
from tests.support.factories import make_user
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.throttling import assert_throttled

pytestmark = pytest.mark.django_db


def receipts_url(game) -> str:
    return f"/api/v1/games/{game.pk}/receipts"


@pytest.fixture
def hidden_table():
    """A table of a duplicate deal in play, some moves in, whose deal other tables still play."""
    ana, bo = make_user("ana"), make_user("bo")
    game = play(open_table(ana, [bo], rounds=2), [ana, bo], moves=4)
    Game.objects.filter(pk=game.pk).update(seed_hidden=True)
    game.refresh_from_db()
    assert game.version > 4
    return game, ana


def test_a_player_at_the_sibling_table_learns_no_seq_from_the_check(hidden_table):
    game, _ = hidden_table
    sibling = make_user("cy")
    for client in (client_for(sibling), client_for()):
        r = client.post(receipts_url(game), {"receipts": [{}]}, format="json")
        assert r.status_code == 200, r.json()
        assert r.json()["seq"] == 0
        assert r.json()["results"][0]["verdict"] == "malformed"


def test_the_tables_own_players_and_staff_without_a_stake_see_the_head(hidden_table):
    game, ana = hidden_table
    staff = make_user("referee", staff=True)
    for user in (ana, staff):
        r = client_for(user).post(receipts_url(game), {"receipts": [{}]}, format="json")
        assert r.json()["seq"] == game.version, user.username


def test_receipt_checks_have_a_rate_limit_of_their_own(hidden_table, rate_limits):
    game, _ = hidden_table
    rate_limits.RATE_LIMITS = {**rate_limits.RATE_LIMITS, "receipt_check": "3/min"}
    client = client_for()
    for _ in range(3):
        assert client.post(receipts_url(game), {"receipts": [{}]}, format="json").status_code == 200
    assert_throttled(client.post(receipts_url(game), {"receipts": [{}]}, format="json"), 60)
