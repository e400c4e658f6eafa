"""WebSocket routes of quick pairing, mounted by config.asgi."""

from django.urls import path

from core.metrics import socket_app
from matchmaking.consumers import PoolsConsumer

websocket_urlpatterns = [
    path("ws/pools/", socket_app(PoolsConsumer.as_asgi(), "pools"), name="ws-pools"),
]
