"""Channel group names, from one place: one group per seat of a game, one for its spectators."""

from __future__ import annotations


def game_seat_group(game_id, seat: int | None) -> str:
    """Return the group of a game's seat (``None``: its spectators)."""
    who = "spectators" if seat is None else f"seat-{seat}"
    return f"game-{game_id}.{who}"


def user_group(user_id: int) -> str:
    """Every socket of one signed-in user (accounts.sockets closes them when it signs out)."""
    return f"user-{user_id}"
