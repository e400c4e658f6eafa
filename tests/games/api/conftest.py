"""Players for the API tests: each an APIClient logged in with its own token."""

import pytest

from tests.games.api.factories import player


@pytest.fixture
def ana():
    return player("ana")


@pytest.fixture
def bo():
    return player("bo")


@pytest.fixture
def cy():
    return player("cy")


@pytest.fixture
def di():
    return player("di")
