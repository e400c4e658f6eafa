"""What the apps above games plug into it, registered from their ``AppConfig.ready()``: games
names none of them (docs/DESIGN.md, the floors).

- the staff trail (disputes): every hidden read staff make of a game is appended to it
  (games.staff). None registered is an error, never a read left off the trail;
- stake rules (tournaments): who else has a stake in a game's hidden tiles than its own
  players — a seat at a table dealt the same tiles, an active entry in its tournament
  (games.stakes);
- a game's ratings (ratings): what a rated game did to its people's ratings, shown with it
  (games.apis);
- play gates (tournaments): who may not be seated at a new table now — a player under a play
  ban for no-shows and early leaves — asked by the platform's own pairing (matchmaking) as a
  tournament's registration asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.hooks import Hook

# ``record(staff=, action=, game=, seq=, data=)`` appends one row to the staff trail; none
# installed raises, so a staff read never goes unseen.
staff_trail = Hook("the staff trail (a staff read of hidden tiles would go unseen)")
STAKE_RULES: list[Callable[[Any, Any], str | None]] = []
# ``summary(game)``: what a rated game did to its people's ratings, None if unrated.
game_ratings = Hook("a rated game's rating changes", default=None)


def register_staff_trail(record: Callable[..., Any]) -> None:
    staff_trail.install(record)


def staff_trail_record(**row: Any) -> None:
    staff_trail(**row)


def register_stake_rule(rule: Callable[[Any, Any], str | None]) -> None:
    """``rule(user, game)`` returns why ``user`` has a stake in ``game`` (games.stakes'
    DEAL_GROUP, ENTRY), or None; asked while the deal is hidden, after the game's own seats."""
    if rule not in STAKE_RULES:
        STAKE_RULES.append(rule)


# ``gate(user)`` raises the refusal (an ApplicationError) of a player who may not be seated at
# a new table now.
PLAY_GATES: list[Callable[[Any], None]] = []


def register_play_gate(gate: Callable[[Any], None]) -> None:
    if gate not in PLAY_GATES:
        PLAY_GATES.append(gate)


def play_gates_check(user: Any) -> None:
    """Raise the first refusal of a registered play gate (a play ban's ``play_ban``)."""
    for gate in PLAY_GATES:
        gate(user)


def register_game_ratings(summary: Callable[[Any], dict[str, Any] | None]) -> None:
    game_ratings.install(summary)
