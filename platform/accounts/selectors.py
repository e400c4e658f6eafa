"""Account reads: the bots a person owns."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import User


def owned_bot_list(*, owner: User) -> QuerySet[User]:
    """Return ``owner``'s bots, active and deactivated, newest first."""
    return User.objects.filter(bot_owner=owner, is_bot=True).order_by("-date_joined", "-pk")
