"""Fixtures of quick pairing's tests (the pure pairing's tests need none)."""

import pytest


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    """Broadcast through the in-memory channel layer: nobody listens in most of these tests;
    the socket tests listen to it."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
