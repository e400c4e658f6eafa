"""Signal receivers: a tournament game that ends moves its tournament on."""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def on_game_ended(sender, *, game_id, status, rated, **kwargs) -> None:
    """Submit the tournament's step when one of its games ends (after that game's commit)."""
    from core import tasks as runner
    from tournaments import tasks
    from tournaments.selectors import tournament_for_game

    tournament_id = tournament_for_game(game_id)
    if tournament_id is not None:
        runner.submit(tasks.advance, tournament_id)


def on_game_adjudicated(sender, *, game_id, **kwargs) -> None:
    """A staff decision about a tournament game (void, award, restart) is appended to its log:
    rebuild that tournament's standings from its games, once the decision has committed."""
    from core import tasks as runner
    from tournaments import tasks
    from tournaments.selectors import tournament_for_game

    tournament_id = tournament_for_game(game_id)
    if tournament_id is not None:
        runner.submit(tasks.recompute_standings, tournament_id)
