"""People as fixtures: ana, bo and mod of the chat and dispute tests (a conftest imports the
ones it uses), and person_fixture for more. (Tasks already run in the test's thread:
tests/conftest.py.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.support.factories import make_user


def person_fixture(name: str, make: Callable = make_user, **kw):
    """Return a fixture named ``name`` that makes that person with ``make(name, **kw)``."""

    @pytest.fixture(name=name)
    def made(db):
        return make(name, **kw)

    return made


ana = person_fixture("ana")
bo = person_fixture("bo")
mod = person_fixture("mod", staff=True)
