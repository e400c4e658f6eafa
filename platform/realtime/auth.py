"""Socket authentication by API token: ``ws://.../?token=<key>`` for clients without a session."""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.middleware import BaseMiddleware
from django.contrib.auth.models import AnonymousUser


def token_from_query(query_string: bytes) -> str | None:
    """Return the ``token`` query parameter, or None when there is none."""
    values = parse_qs(query_string.decode("latin1")).get("token")
    return values[-1] if values else None


def _user_for_token(key: str):
    """Return the active user holding API token ``key``, else an anonymous user."""
    from rest_framework.authtoken.models import Token

    token = Token.objects.select_related("user").filter(key=key).first()
    if token is None or not token.user.is_active:
        return AnonymousUser()
    return token.user


# A read: run it in the thread pool rather than the single thread-sensitive one, so many
# sockets can authenticate at once.
user_for_token = database_sync_to_async(_user_for_token, thread_sensitive=False)


class TokenAuthMiddleware(BaseMiddleware):
    """Set ``scope["user"]`` from a ``token`` query parameter when there is one.

    A token given wins over the session cookie; a bad one makes the socket anonymous (never the
    session's user), so a client learns of a wrong token instead of silently acting as someone
    else. Without the parameter the scope is left to the session middleware outside this one.
    """

    async def __call__(self, scope, receive, send):
        key = token_from_query(scope.get("query_string", b""))
        if key is not None:
            scope = dict(scope, user=await user_for_token(key))
        return await super().__call__(scope, receive, send)
