"""Private tables: a table listed nowhere and joined only with its invite link (issue 17).

A private table carries a secret ``invite_code``; its link is ``/games/<id>?invite=<code>``.
The lobby and ``GET /api/v1/games`` never list it (its own players find it under ``mine``),
and the code is shown to its seated players only, so that they can pass the link on.

Watching needs no code: like a private game on Lichess, anyone holding the table's address
may watch it (the address is a random UUID, not listed anywhere), and what a spectator sees is
the spectator's view as at any table. The code is only about taking a seat.
"""

from __future__ import annotations

import secrets

from core.errors import Forbidden
from games.errors import GameError
from games.models import Game
from games.models import Seat

CODE_BYTES = 12  # 16 URL-safe characters: not guessable, short enough to read out


def new_invite_code() -> str:
    """Return a fresh secret for a private table's invite link."""
    return secrets.token_urlsafe(CODE_BYTES)


def invite_url(game: Game) -> str:
    """The private table's invite link (a path on this site)."""
    return f"/games/{game.pk}?invite={game.invite_code}"


def check_invite(game: Game, user, code: str | None) -> None:
    """Refuse a seat at a private table without its code (``invite_required``) or with a
    wrong one (``invite_invalid``), both 403; a lobby table takes anyone. The players of the
    ended game a rematch replays are invited to it already (games.rematch)."""
    if not game.invite_code:
        return
    if game.rematch_of_id and Seat.objects.filter(game_id=game.rematch_of_id, user=user).exists():
        return
    if not code:
        raise Forbidden(
            GameError.INVITE_REQUIRED, "this table is private: join it with its invite link"
        )
    if not secrets.compare_digest(str(code).encode(), game.invite_code.encode()):
        raise Forbidden(GameError.INVITE_INVALID, "this invite link is not this table's")


def invite_code_for(game: Game, user) -> str | None:
    """Return the table's invite code if ``user`` is seated at it (None for anyone else and
    for a lobby table): whoever has a seat may invite the others."""
    if not game.invite_code or user is None or not user.is_authenticated:
        return None
    seated = any(s.user_id == user.id for s in game.seats.all())
    return game.invite_code if seated else None
