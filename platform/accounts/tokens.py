"""API token authentication: django-rest-knox's scheme with this platform's token model.

``Authorization: Token <key>``. The key is looked up by its first characters and compared by
SHA-512 digest in constant time (knox). Unlike knox's own class this one does not read and
clean every other token of the user on each request (a query per request on the move path);
an expired token is refused with ``token_expired`` and dropped, and the others are dropped
when the user next makes a token. ``last_used_at`` is written at most every
``LAST_USED_EVERY`` so a client's requests cost no write each.
"""

from __future__ import annotations

import binascii
import functools
from datetime import timedelta
from hmac import compare_digest

from django.contrib.auth import get_user_model
from django.db import connection
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication as KnoxTokenAuthentication
from knox.crypto import hash_token
from knox.settings import CONSTANTS
from rest_framework import exceptions

from accounts.errors import AccountError
from core import clock
from core import sql

LAST_USED_EVERY = timedelta(minutes=5)


def token_expired() -> exceptions.AuthenticationFailed:
    """The 401 for an expired token: code ``token_expired``."""
    return exceptions.AuthenticationFailed(
        "The token has expired: sign in again for a new one.", code=AccountError.TOKEN_EXPIRED
    )


def token_for_key(key: str):
    """Return the live ``ApiToken`` whose key is ``key`` (its user loaded), or None.

    An expired one raises ``token_expired()`` (and is deleted)."""
    from accounts.models import ApiToken

    try:
        digest = hash_token(key)
    except (TypeError, ValueError, binascii.Error):
        return None
    for token in _candidates(key[: CONSTANTS.TOKEN_KEY_LENGTH]):
        if not compare_digest(digest, token.digest):
            continue
        now = clock.now()
        if token.expiry is not None and token.expiry <= now:
            token.delete()
            raise token_expired()
        if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
            token.last_used_at = now
        return token
    return None


def token_for_digest(digest: str):
    """The token whose digest is ``digest``, its user loaded, or None (expired or not: the
    caller decides)."""
    found = _candidates(digest, by="digest")
    return found[0] if found else None


@functools.cache
def _candidates_query(vendor: str, by: str = "token_key") -> tuple[str, sql.Columns, sql.Columns]:
    from accounts.models import ApiToken

    token, user = sql.Columns(ApiToken, "t"), sql.Columns(get_user_model(), "u")
    quote = connection.ops.quote_name
    owner = quote(ApiToken._meta.get_field("user").column)
    statement = (
        f"SELECT {token.select}, {user.select} FROM {token.table} "
        f"JOIN {user.table} ON u.{quote('id')} = t.{owner} WHERE t.{quote(by)} = %s"
    )
    return statement, token, user


def _candidates(value: str, by: str = "token_key") -> list:
    """The tokens whose column ``by`` is ``value`` (``token_key``: the first characters of a
    key; ``digest``: its whole digest), their users loaded: one hand-written query
    (``core.sql``), as every API request by token makes it, and a socket's recheck of its
    token."""
    statement, token_cols, user_cols = _candidates_query(connection.vendor, by)
    with connection.cursor() as cursor:
        cursor.execute(statement, [value])
        rows = cursor.fetchall()
    out = []
    for row in rows:
        token = token_cols.build(row, 0)
        token.user = user_cols.build(row, len(token_cols.fields))
        out.append(token)
    return out


class TokenAuthentication(KnoxTokenAuthentication):
    """knox's header parsing and digest check, with ``token_for_key`` for the lookup."""

    def authenticate_credentials(self, token: bytes):
        try:
            key = token.decode("utf-8")
        except UnicodeDecodeError:
            raise exceptions.AuthenticationFailed("Invalid token.") from None
        found = token_for_key(key)
        if found is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        return self.validate_user(found)


class TokenScheme(OpenApiAuthenticationExtension):
    """The OpenAPI security scheme of ``TokenAuthentication`` (as DRF's own token's)."""

    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix="Token"
        )
