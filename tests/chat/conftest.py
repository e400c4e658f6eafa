"""Players, staff and tables for the chat tests."""

from __future__ import annotations

import pytest

from tests.support import people
from tests.support.factories import client_for
from tests.support.factories import open_table

ana, bo, mod = people.ana, people.bo, people.mod  # the shared fixtures
eve = people.person_fixture("eve")  # a spectator: signed in, never seated at the table under test


@pytest.fixture
def casual(ana, bo):
    """A casual table of ana, bo and a bot, started."""
    return open_table(ana, [bo], bots=1)


def chat_url(game) -> str:
    return f"/api/v1/games/{game.pk}/chat"


def say(user, game, **body):
    return client_for(user).post(chat_url(game), body, format="json")


def read(user, game) -> list[str]:
    r = client_for(user).get(chat_url(game))
    assert r.status_code == 200, r.json()
    return [m["text"] for m in r.json()["results"]]
