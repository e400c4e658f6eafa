"""What games adds to the platform's /metrics (core.metrics offers the registration)."""

from __future__ import annotations


def active_games() -> int:
    """Games in play (status active), counted when /metrics is scraped."""
    from games.models import Game
    from games.models import GameStatus

    return Game.objects.filter(status=GameStatus.ACTIVE).count()


def register() -> None:
    from core.metrics import register_scraped_gauge

    register_scraped_gauge(
        "mexican_train_active_games", "Games in play (status active).", active_games
    )
