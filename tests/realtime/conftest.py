"""Fixtures for the socket tests: a channel layer of their own."""

import os
import uuid

import pytest_asyncio
from channels.layers import get_channel_layer

from config.settings import redis_host


@pytest_asyncio.fixture
async def layer(settings):
    """The channel layer: channels-redis on REDIS_URL (as in production) under a prefix of this
    test's own, else the in-memory layer; flushed and its connections closed afterwards."""
    redis_url = os.environ.get("REDIS_URL", "").strip()
    if redis_url:
        backend = {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [redis_host(redis_url)], "prefix": f"test-{uuid.uuid4().hex}"},
        }
    else:
        backend = {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    settings.CHANNEL_LAYERS = {"default": backend}  # resets channels' cached layers
    channel_layer = get_channel_layer()
    yield channel_layer
    await channel_layer.flush()
