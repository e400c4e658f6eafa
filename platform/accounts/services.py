"""Account commands: registration, credentials, tokens, bot accounts. The only writers of users."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.skeleton import username_skeleton
from core.errors import ApplicationError
from core.throttling import check_login_username

# Bot usernames are "<strategy>-bot-<n>"; people may not take names of that form.
BOT_USERNAME_RE = re.compile(r"-bot-\d+$", re.IGNORECASE)
BOT_STRATEGY_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def user_register(*, username: str, password: str, email: str = "") -> User:
    """Create a player account, or raise ``invalid_username``, ``username_taken``,
    ``invalid_email`` or ``invalid_password``.

    Usernames are unique by their skeleton (accounts.skeleton): regardless of case, NFKC forms
    and look-alike letters, so neither "Alice" nor "аlice" (Cyrillic а) can pose as "alice".
    """
    username = User.normalize_username(username.strip())
    email = User.objects.normalize_email(email.strip())
    _check_username(username)
    if email:
        try:
            validate_email(email)
        except ValidationError as error:
            raise ApplicationError("invalid_email", " ".join(error.messages)) from None
    if User.objects.filter(username_skeleton=username_skeleton(username)).exists():
        raise _username_taken(username)
    try:
        validate_password(password, user=User(username=username, email=email))
    except ValidationError as error:
        raise ApplicationError(
            "invalid_password",
            " ".join(error.messages),
            extra={"fields": {"password": list(error.messages)}},
        ) from None
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, email=email, password=password)
    except IntegrityError:  # Another request registered the same name meanwhile.
        raise _username_taken(username) from None


def _username_taken(username: str) -> ApplicationError:
    return ApplicationError(
        "username_taken",
        f"The username {username!r} is taken, or looks the same as one that is "
        "(letters from other scripts, full-width forms and case count as the same).",
    )


def _check_username(username: str) -> None:
    """Raise ``invalid_username`` unless the model's validators accept it and no bot owns it."""
    if not username:
        raise ApplicationError("invalid_username", "A username is required.")
    try:
        User._meta.get_field("username").run_validators(username)
    except ValidationError as error:
        raise ApplicationError("invalid_username", " ".join(error.messages)) from None
    if BOT_USERNAME_RE.search(username):
        raise ApplicationError(
            "invalid_username", "Usernames ending in '-bot-<number>' are kept for bots."
        )


def user_authenticate(*, username: str, password: str, request=None) -> User:
    """Return the active person with these credentials, or raise ``invalid_credentials``.

    Bot accounts never authenticate: they are driven by the server, not by a client. A
    username with too many failed logins lately is refused (``throttled``) before its password
    is checked; each failure is counted by ``accounts.apps`` (core.throttling).
    """
    check_login_username(username)
    user = authenticate(request, username=username, password=password)
    if user is None or user.is_bot:
        raise ApplicationError("invalid_credentials", "Wrong username or password.")
    return user


def auth_token_get_or_create(*, user: User) -> str:
    """Return the user's API token key, creating the token on first use."""
    if user.is_bot:
        raise ApplicationError("invalid_credentials", "Bot accounts cannot hold API tokens.")
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def auth_token_revoke(*, user: User) -> None:
    """Delete the user's API token; the next token request makes a new one."""
    Token.objects.filter(user=user).delete()


def bot_account_get_or_create(*, strategy: str, exclude_ids: Iterable[int] = ()) -> User:
    """Return an active bot account playing ``strategy`` whose id is not in ``exclude_ids``.

    The oldest such bot is reused; a new one (``<strategy>-bot-<n>``, no usable password) is
    created when every existing one is excluded, e.g. already seated at the table being filled.
    Safe under concurrent calls: a name taken meanwhile makes it try the next number.
    """
    if not BOT_STRATEGY_RE.match(strategy) or len(strategy) > 64:
        raise ApplicationError("invalid_bot_strategy", f"Unknown bot strategy {strategy!r}.")
    bots = User.objects.filter(is_bot=True, bot_strategy=strategy, is_active=True)
    existing = bots.exclude(pk__in=list(exclude_ids)).order_by("pk").first()
    if existing is not None:
        return existing
    number = User.objects.filter(is_bot=True, bot_strategy=strategy).count() + 1
    while True:
        username = f"{strategy}-bot-{number}"
        if not User.objects.filter(username_skeleton=username_skeleton(username)).exists():
            try:
                with transaction.atomic():
                    return User.objects.create_user(
                        username=username, password=None, is_bot=True, bot_strategy=strategy
                    )
            except IntegrityError:
                pass
        number += 1
