"""WebSocket routes of the tournaments app, mounted by config.asgi."""

from django.urls import path

from core.metrics import socket_app
from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path(
        "ws/tournaments/<int:tournament_id>/",
        socket_app(TournamentConsumer.as_asgi(), "tournament"),
        name="ws-tournament",
    ),
]
