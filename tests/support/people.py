"""The people of the chat and dispute tests, as fixtures: a conftest imports the ones it uses.
(Tasks already run in the test's thread: tests/conftest.py.)"""

from __future__ import annotations

import pytest

from tests.support.factories import make_user


@pytest.fixture
def ana():
    return make_user("ana")


@pytest.fixture
def bo():
    return make_user("bo")


@pytest.fixture
def mod():
    """Staff."""
    return make_user("mod", staff=True)
