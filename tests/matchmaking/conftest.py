"""Fixtures of quick pairing's tests (the pure pairing's tests need none)."""

import pytest


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    """Broadcast through the in-memory channel layer: nobody listens in most of these tests;
    the socket tests listen to it."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(autouse=True)
def _every_grid_change_sent(settings):
    """Send the grid at every change (no minimum interval), from a fresh last-sent record:
    tests/matchmaking/test_grid_pace.py tests the pace itself."""
    from django.core.cache import cache

    from matchmaking.broadcast import last_sent_key

    settings.POOLS_GRID_MIN_SECONDS = 0
    cache.delete(last_sent_key())
    yield
    cache.delete(last_sent_key())
