"""WebSocket routes of the games app, mounted by config.asgi."""

from django.urls import path

from core.metrics import socket_app
from games.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<uuid:game_id>/", socket_app(GameConsumer.as_asgi(), "game"), name="ws-game"),
]
