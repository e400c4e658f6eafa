"""Fixtures of the tournament app's tests (the pure formats' tests in formats/ need none of
them; the autouse layer below costs them nothing, as it touches no database)."""

import pytest

from tests.support.factories import organizer


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    """Broadcast through the in-memory channel layer: nobody listens in these tests, and each
    round trip to Redis would cost more than the move it announces. The socket test sets up
    its own layer."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def org(db):
    return organizer()
