"""Account reads: a player by name, the bots a person owns."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.errors import AccountError
from accounts.models import User
from core.errors import NotFound


def player_get(username: str) -> User:
    """Return the active account named ``username`` (any case), or raise ``not_found``."""
    user = User.objects.filter(username__iexact=username, is_active=True).first()
    if user is None:
        raise NotFound(AccountError.NOT_FOUND, "no such player")
    return user


def owned_bot_list(*, owner: User) -> QuerySet[User]:
    """Return ``owner``'s bots, active and deactivated, newest first."""
    return User.objects.filter(bot_owner=owner, is_bot=True).order_by("-date_joined", "-pk")
