"""What the apps above games plug into it, registered from their ``AppConfig.ready()``: games
names none of them (docs/DESIGN.md, the floors).

- the staff trail (disputes): every hidden read staff make of a game is appended to it
  (games.staff). None registered is an error, never a read left off the trail;
- stake rules (tournaments): who else has a stake in a game's hidden tiles than its own
  players — a seat at a table dealt the same tiles, an active entry in its tournament
  (games.stakes);
- a game's ratings (ratings): what a rated game did to its people's ratings, shown with it
  (games.apis).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured

_staff_trail: list[Callable[..., Any]] = []
STAKE_RULES: list[Callable[[Any, Any], str | None]] = []
_game_ratings: list[Callable[[Any], dict[str, Any] | None]] = []


def register_staff_trail(record: Callable[..., Any]) -> None:
    """``record(staff=, action=, game=, seq=, data=)`` appends one row to the staff trail."""
    _staff_trail[:] = [record]


def staff_trail_record(**row: Any) -> None:
    if not _staff_trail:
        raise ImproperlyConfigured("no staff trail is registered: a staff read would go unseen")
    _staff_trail[0](**row)


def register_stake_rule(rule: Callable[[Any, Any], str | None]) -> None:
    """``rule(user, game)`` returns why ``user`` has a stake in ``game`` (games.stakes'
    DEAL_GROUP, ENTRY), or None; asked while the deal is hidden, after the game's own seats."""
    if rule not in STAKE_RULES:
        STAKE_RULES.append(rule)


def register_game_ratings(summary: Callable[[Any], dict[str, Any] | None]) -> None:
    """``summary(game)``: what a rated game did to its people's ratings, None if unrated."""
    _game_ratings[:] = [summary]


def game_ratings(game) -> dict[str, Any] | None:
    return _game_ratings[0](game) if _game_ratings else None
