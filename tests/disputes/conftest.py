"""Players, staff and real games (played through the game services, bots included) for the
dispute and audit tests."""

from __future__ import annotations

import pytest

from eventstore import store
from tests.support import people
from tests.support.factories import open_table
from tests.support.factories import play

ana, bo, mod = people.ana, people.bo, people.mod  # the shared fixtures
cy = people.person_fixture("cy")  # a player of other games, never of the one under test


@pytest.fixture
def finished_game(ana, bo):
    return play(open_table(ana, [bo]), [ana, bo])


@pytest.fixture
def finished_game_with_a_draw(ana, bo):
    """A finished game in which someone drew from the boneyard (deals are random: a table
    played out without a single draw is set aside for another)."""
    for _ in range(10):
        game = play(open_table(ana, [bo]), [ana, bo])
        if any(e.type == "TileDrawn" for e in store.read(game.stream)):
            return game
    raise AssertionError("ten tables played out without a draw")


@pytest.fixture
def active_game(ana, bo):
    """A game of two rounds still in its first, after the bot has moved at least once (deals
    are random: a table whose first round ends that soon is set aside for another)."""
    for _ in range(10):
        game = open_table(ana, [bo], rounds=2)
        while game.status == "active" and not any(
            e.actor.get("kind") == "bot" for e in store.read(game.stream)
        ):
            game = play(game, [ana, bo], moves=1)
        game = play(game, [ana, bo], moves=1)
        if game.status == "active" and game.round == 1:
            return game
    raise AssertionError("no table stayed in its first round")
