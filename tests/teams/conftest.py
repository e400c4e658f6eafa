"""People and teams for the team tests."""

from __future__ import annotations

import pytest

from teams import services
from tests.support import people
from tests.support.factories import client_for

ana, bo, mod = people.ana, people.bo, people.mod  # mod is staff
cy = people.person_fixture("cy")
di = people.person_fixture("di")


@pytest.fixture
def club(ana):
    """An open team ana founded (and leads)."""
    return services.team_create(user=ana, name="Train Spotters", description="Doubles first.")


@pytest.fixture
def guild(ana):
    """A team ana founded that takes members by request."""
    return services.team_create(user=ana, name="Closed Guild", open=False)


def api(user, method: str, path: str, body=None):
    client = client_for(user)
    return getattr(client, method)(f"/api/v1/{path}", body or {}, format="json")
