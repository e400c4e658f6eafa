"""Deleting an account: the row is pseudonymized, never removed, and history is never edited.

What goes, in one transaction: the username (replaced by a unique ``deleted-<random>``), the
email address and names, allauth's EmailAddress rows, the password (made unusable), every API
token and browser session, the account's own notifications and vacation; the row is made
inactive and ``deleted_at`` set. The old username is retired (accounts.models.RetiredUsername):
nobody can register it, or a look-alike of it, again.

What stays: seats, results, ratings and rating changes, tournament entries, disputes and their
messages, chat messages (part of their games' audit, and what reports point at: the text
stays, the author is named "deleted player" like everywhere else), and the append-only event
log, which is never written. The account's chat mutes (who it muted, who muted it) go.
Readers see the account as "deleted player" wherever its name would show (accounts.names).

Refused (409 ``account_has_active_games``) while the account holds a seat at an open or active
table it has not resigned, or an entry in a tournament that has not ended: the other players
would otherwise wait on a seat nobody can play. The answer lists them; leave the open tables,
resign or finish the games, withdraw from the tournaments, then delete. Bot accounts are
refused (they belong to the platform); staff may delete their own accounts.
"""

from __future__ import annotations

import secrets
from typing import Any

from allauth.account.models import EmailAddress
from django.contrib.sessions.models import Session
from django.db import transaction

from accounts import registry
from accounts.errors import AccountError as E
from accounts.models import ApiToken
from accounts.models import RetiredUsername
from accounts.models import User
from accounts.names import PSEUDONYM_PREFIX
from accounts.names import retired_digest
from accounts.services import owned_bots_deactivate_all
from accounts.services import user_authenticate
from core import clock
from core.errors import ApplicationError
from core.errors import Conflict


def account_blockers(user: User) -> dict[str, list[dict[str, Any]]]:
    """Return what stops ``user``'s account from being deleted now, by kind (the apps that hold
    it register each: games, its open or active tables with a seat still theirs; tournaments,
    those not ended where they are entered)."""
    return {name: find(user) for name, find in registry.DELETION_BLOCKERS.items()}


def _sessions_of(user: User) -> list[str]:
    """Return the keys of the browser sessions signed in as ``user`` (database sessions)."""
    keys = []
    for session in Session.objects.filter(expire_date__gt=clock.now()).iterator():
        if str(session.get_decoded().get("_auth_user_id")) == str(user.pk):
            keys.append(session.session_key)
    return keys


def account_delete(*, user: User, password: str, confirm: bool, request=None) -> User:
    """Delete ``user``'s account as described in this module, after checking ``password``
    again (``invalid_credentials``, counted like a failed login) and ``confirm``
    (``confirmation_required``). Raises ``account_has_active_games`` (409) with the blockers."""
    if user.is_bot or user.deleted_at is not None:
        raise ApplicationError(E.INVALID, "This account cannot be deleted.")
    if confirm is not True:
        raise ApplicationError(
            E.CONFIRMATION_REQUIRED, 'Deleting an account needs "confirm": true.'
        )
    checked = user_authenticate(request=request, username=user.username, password=password)
    if checked.pk != user.pk:  # pragma: no cover - a username names one account
        raise ApplicationError(E.INVALID_CREDENTIALS, "Wrong username or password.")
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        blockers = account_blockers(user)
        if any(blockers.values()):
            raise Conflict(
                E.ACCOUNT_HAS_ACTIVE_GAMES,
                "Leave or finish your open and active games and withdraw from your "
                "tournaments first.",
                extra=blockers,
            )
        now = clock.now()
        old = user.username
        RetiredUsername.objects.get_or_create(
            digest=retired_digest(user.username), defaults={"retired_at": now}
        )
        user.username = f"{PSEUDONYM_PREFIX}{secrets.token_hex(8)}"
        user.email = ""
        user.first_name = ""
        user.last_name = ""
        user.set_unusable_password()
        user.is_active = False
        user.deleted_at = now
        user.vacation_from = user.vacation_until = None
        user.time_zone = ""
        user.save()  # every field: the sockets recheck and close (accounts.socket_signals)
        EmailAddress.objects.filter(user=user).delete()
        for token in ApiToken.objects.filter(user=user):
            token.delete()  # one by one: each token's sockets close (accounts.socket_signals)
        Session.objects.filter(session_key__in=_sessions_of(user)).delete()
        owned_bots_deactivate_all(owner=user)  # nobody is left to answer for them
        for step in registry.DELETION_STEPS:  # notifications, chat mutes (accounts.registry)
            step(user, old)
    return user
