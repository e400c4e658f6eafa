"""A duplicate sibling's progress is its own players' business until its whole deal group is done.

The tables of a duplicate deal group are dealt the same tiles (``Game.seed_hidden`` is set while
any of them still plays). How a sibling is doing — its round, whose turn, how far it got, its
scores, places and result, whether it has finished at all — tells a player still playing that
deal about their own hands and the boneyard order (a sibling that ended in round 1 after three
events went out fast; one whose seat 2 scored 0 held a strong hand). So, until the tournament
clears ``seed_hidden``, every game document shown to anyone but the table's own players (and
staff with no stake in the deal, ``games.stakes``) says only that the table is in play.
"""

from __future__ import annotations

from typing import Any

from games.models import Game
from games.models import GameStatus
from games.stakes import played
from games.stakes import staff_stake

# What a hidden sibling's game document blanks (to these values, which the schema allows); it
# keeps who plays, the settings and the commitment.
PROGRESS_FIELDS = {
    "seq": 0,
    "round": 0,
    "to_move": None,
    "deadline": None,
    "turn_started_at": None,
    "clock": None,
    "finished_at": None,
    "result": None,
}
SEAT_PROGRESS_FIELDS = {
    "reserve_ms": None,
    "timeouts_in_row": 0,
    "more_time_given": 0,
    "resigned": False,
    "forfeited": False,
}


def progress_hidden(game: Game, user) -> bool:
    """Tell whether ``user`` may not see ``game``'s progress: another table still plays its deal
    and ``user`` neither sits at this one nor is staff without a stake in the deal."""
    if not game.seed_hidden:
        return False
    if user is None or not getattr(user, "is_authenticated", False):
        return True
    if played(user, game):
        return False
    return not (user.is_staff and staff_stake(user, game) is None)


def redact_game_doc(doc: dict[str, Any]) -> dict[str, Any]:
    """Return a game's API document (``games.apis.GameOutput``) with its progress left out: in
    play (status "active", whatever it is), seq and round 0, no turn, times, result, seat
    clocks or departures."""
    out = dict(doc)
    if out.get("status") != GameStatus.OPEN:
        out["status"] = GameStatus.ACTIVE
    out.update({k: v for k, v in PROGRESS_FIELDS.items() if k in out})
    if "seats" in out:
        out["seats"] = [
            {**seat, **{k: v for k, v in SEAT_PROGRESS_FIELDS.items() if k in seat}}
            for seat in out["seats"]
        ]
    return out
