"""WebSocket routes of the games app, mounted by config.asgi."""

from django.urls import path

from games.consumers import GameConsumer

websocket_urlpatterns = [
    path("ws/games/<uuid:game_id>/", GameConsumer.as_asgi(), name="ws-game"),
]
