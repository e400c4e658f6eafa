"""Staff with a stake: the one rule every view of hidden tiles asks before it lets staff look.

Staff see what players cannot — every hand, the boneyard, the seed — so that they can settle
disputes. That privilege is worthless, and dangerous, in the hands of a staff member who plays
the deal themselves: a seat at a table that shares the deal (the tables of a duplicate deal
group are dealt the same tiles), or an active entry in the game's tournament (whose standings
the game decides). Such a staff member is refused every hidden view of the game until the deal
is public: the game has ended and no other table still plays its deal.

Every hidden view staff are allowed is appended to the staff trail by ``games.staff``, which
asks this rule first.
"""

from __future__ import annotations

from core.errors import Forbidden
from games.extensions import STAKE_RULES
from games.models import Game
from games.models import GameStatus
from games.models import Seat

ENDED = (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)

SEAT = "seat"  # a seat at this very game
DEAL_GROUP = "deal_group"  # a seat at another table dealt the same tiles
ENTRY = "entry"  # an active entry in the game's tournament

OWN_GAME = "own_game"
STAFF_HAS_STAKE = "staff_has_stake"

_REASONS = {
    SEAT: "you play in this game",
    DEAL_GROUP: "you play at a table dealt the same tiles",
    ENTRY: "you play in this game's tournament",
}


def deal_hidden(game: Game) -> bool:
    """Tell whether the game's hidden tiles are still secret: it has not ended, or another
    table still plays its deal (a duplicate deal group, ``Game.seed_hidden``)."""
    return game.status not in ENDED or game.seed_hidden


def played(user, game: Game) -> bool:
    """Tell whether ``user`` holds (or held) a seat at ``game``."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game=game, user=user).exists()


def staff_stake(user, game: Game) -> str | None:
    """Return why ``user`` has a stake in ``game``'s hidden tiles (SEAT, DEAL_GROUP or ENTRY),
    or None: none, or the deal is public now (``deal_hidden``)."""
    if user is None or not getattr(user, "is_authenticated", False) or not deal_hidden(game):
        return None
    if played(user, game):
        return SEAT
    for rule in STAKE_RULES:  # a tournament's deal group and entries (tournaments.stakes)
        stake = rule(user, game)
        if stake is not None:
            return stake
    return None


def refusal(stake: str) -> Forbidden:
    """Return the 403 that refuses a staff member with ``stake`` a hidden view."""
    code = OWN_GAME if stake == SEAT else STAFF_HAS_STAKE
    return Forbidden(
        code,
        f"staff do not see the hidden tiles of this game until its deal is public: "
        f"{_REASONS[stake]}",
        extra={"stake": stake},
    )


def refuse_staff_with_stake(user, game: Game) -> None:
    """Refuse (403 ``own_game`` or ``staff_has_stake``) a user with a stake in the game."""
    stake = staff_stake(user, game)
    if stake is not None:
        raise refusal(stake)
