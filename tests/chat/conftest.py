"""Players, staff and tables for the chat tests."""

from __future__ import annotations

import pytest

from tests.support.factories import client_for, make_user, open_table


@pytest.fixture(autouse=True)
def _tasks_run_eagerly(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True


@pytest.fixture
def ana():
    return make_user("ana")


@pytest.fixture
def bo():
    return make_user("bo")


@pytest.fixture
def eve():
    """A spectator: signed in, never seated at the table under test."""
    return make_user("eve")


@pytest.fixture
def mod():
    return make_user("mod", staff=True)


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
