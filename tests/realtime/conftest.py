"""Fixtures for the socket tests: a channel layer of their own."""

import os
import uuid

import pytest
import pytest_asyncio
from channels.layers import get_channel_layer

from config.env import CHANNEL_LAYER_KINDS
from config.env import channel_layers_from_env
from games import consumers


@pytest_asyncio.fixture(params=CHANNEL_LAYER_KINDS)
async def layer(request, settings, monkeypatch):
    """The channel layer: channels-redis on REDIS_URL as production configures it — each test
    once with the pub/sub layer (the default) and once with the queue-based one — under a
    prefix of this test's own, else the in-memory layer; flushed and closed afterwards."""
    redis_url = os.environ.get("REDIS_URL", "").strip()
    if redis_url:
        backend = channel_layers_from_env(redis_url, request.param)["default"]
        backend["CONFIG"]["prefix"] = f"test-{uuid.uuid4().hex}"
    elif request.param != CHANNEL_LAYER_KINDS[0]:
        pytest.skip("one in-memory layer only")
    else:
        backend = {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    settings.CHANNEL_LAYERS = {"default": backend}  # resets channels' cached layers
    channel_layer = get_channel_layer()
    # How late updates reached the sockets lately is the process's (games.consumers.LATENESS):
    # each test starts from none, or one test's late updates would lengthen the next one's holds.
    monkeypatch.setattr(consumers, "LATENESS", consumers.Lateness())
    yield channel_layer
    await channel_layer.flush()
