"""Staff reads of hidden information: every hidden view of a game that staff are allowed is
refused to a staff member with a stake (``games.stakes``) and appended to the staff trail,
here and not in each caller, so that a new view cannot forget to."""

from __future__ import annotations

from typing import Any

from games.extensions import staff_trail_record
from games.models import Game
from games.stakes import refuse_staff_with_stake

# The staff trail's names of the reads made by the game views (disputes.models.StaffActionKind
# values; the trail is the disputes app's, registered in games.extensions).
WATCHED = "game_watched"
RECORD_READ = "record_downloaded"


def staff_hidden_read(
    *,
    user,
    game: Game,
    action: str,
    seq: int | None = None,
    data: dict[str, Any] | None = None,
) -> None:
    """Let a staff member read hidden information of ``game``: refuse one with a stake, and
    append the read (``action`` names the view; ``seq`` the position shown) to the staff trail.

    Call it before anything hidden is built, in the request's transaction if it has one: the
    trail row is written whether or not the answer reaches the client, never after it.
    """
    refuse_staff_with_stake(user, game)
    staff_trail_record(
        staff=user,
        action=action,
        game=game,
        seq=game.version if seq is None else seq,
        data=data,
    )
