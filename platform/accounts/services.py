"""Account commands: registration, credentials, tokens, bot accounts. The only writers of users."""

from __future__ import annotations

import functools
import re
import zoneinfo
from collections.abc import Iterable

from allauth.account.internal.flows.email_verification import send_verification_email_to_address
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError
from django.db import transaction
from knox.models import get_digest_token
from knox.settings import CONSTANTS
from knox.settings import knox_settings

from accounts.errors import AccountError as E
from accounts.middleware import valid_language
from accounts.models import ApiToken
from accounts.models import RetiredUsername
from accounts.models import User
from accounts.names import PSEUDONYM_PREFIX
from accounts.names import is_reserved
from accounts.names import retired_digest
from accounts.skeleton import username_skeleton
from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from core.throttling import check_login_username
from core.throttling import login_address

# Bot usernames are "<strategy>-bot-<n>"; people may not take names of that form.
BOT_USERNAME_RE = re.compile(r"-bot-\d+$", re.IGNORECASE)
BOT_STRATEGY_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def user_register(
    *, username: str, password: str, email: str = "", time_zone: str = "", request=None
) -> User:
    """Create a player account, or raise ``invalid_username``, ``username_taken``,
    ``invalid_email``, ``invalid_password`` or ``invalid_time_zone`` (``time_zone``: the
    browser's at sign-up, "" for UTC).

    An email address, optional, is kept unverified (allauth's EmailAddress) and, given the
    ``request`` the link is built from, a verification mail is sent to it. An address another
    account already holds is not attached, and nothing says so (no account enumeration).

    Usernames are unique by their skeleton (accounts.skeleton): regardless of case, NFKC forms
    and look-alike letters, so neither "Alice" nor "аlice" (Cyrillic а) can pose as "alice".
    """
    username = User.normalize_username(username.strip())
    email = User.objects.normalize_email(email.strip())
    _check_username(username)
    check_time_zone(time_zone)
    if email:
        try:
            validate_email(email)
        except ValidationError as error:
            raise ApplicationError(E.INVALID_EMAIL, " ".join(error.messages)) from None
    if User.objects.filter(username_skeleton=username_skeleton(username)).exists() or (
        RetiredUsername.objects.filter(pk=retired_digest(username)).exists()
    ):
        raise _username_taken(username)
    try:
        validate_password(password, user=User(username=username, email=email))
    except ValidationError as error:
        raise ApplicationError(
            E.INVALID_PASSWORD,
            " ".join(error.messages),
            extra={"fields": {"password": list(error.messages)}},
        ) from None
    if email and _email_held(email):
        email = ""
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                username=username, email=email, password=password, time_zone=time_zone
            )
            if email:
                EmailAddress.objects.create(user=user, email=email.lower(), primary=True)
    except IntegrityError:  # Another request registered the same name meanwhile.
        raise _username_taken(username) from None
    if email and request is not None:
        send_verification_email_to_address(request, user.emailaddress_set.get(), signup=True)
    return user


def _email_held(email: str) -> bool:
    return (
        EmailAddress.objects.filter(email__iexact=email).exists()
        or User.objects.filter(email__iexact=email).exists()
    )


def user_email_change(*, request, user: User, email: str) -> EmailAddress:
    """Ask to change ``user``'s address to ``email``: it is kept unverified and a verification
    mail sent; the current address stays until the link is followed (allauth's change flow).
    Raises ``invalid_email``. An address another account holds looks accepted but is neither
    attached nor mailed (no account enumeration).
    """
    email = User.objects.normalize_email(email.strip())
    try:
        validate_email(email)
    except ValidationError as error:
        raise ApplicationError(E.INVALID_EMAIL, " ".join(error.messages)) from None
    current = EmailAddress.objects.filter(user=user, email__iexact=email).first()
    if current is not None:
        if not current.verified:
            send_verification_email_to_address(request, current)
        return current
    if _email_held(email):
        # Looks accepted; the address's owner is not revealed and gets no mail from this.
        return EmailAddress(user=user, email=email.lower())
    if not EmailAddress.objects.filter(user=user).exists() and not user.email:
        address = EmailAddress.objects.create(user=user, email=email.lower(), primary=True)
        User.objects.filter(pk=user.pk).update(email=email)
        user.email = email
        send_verification_email_to_address(request, address)
        return address
    return EmailAddress.objects.add_new_email(request, user, email)


def valid_time_zone(name: str) -> bool:
    """Whether ``name`` is an IANA time zone this machine knows ("" too: UTC)."""
    return name == "" or name in time_zones()


@functools.cache
def time_zones() -> tuple[str, ...]:
    """The IANA time zones a player may choose, sorted (the machine's tz database)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def check_time_zone(name: str) -> str:
    """Return ``name`` if it is a time zone a player may choose; else ``invalid_time_zone``."""
    if not isinstance(name, str) or not valid_time_zone(name):
        raise ApplicationError(
            E.INVALID_TIME_ZONE,
            f"Unknown time zone {name!r}: give an IANA name such as Europe/Rome.",
        )
    return name


def user_preferences_set(
    *,
    user: User,
    language: str | None = None,
    sounds: bool | None = None,
    time_zone: str | None = None,
):
    """Store the player's interface language (a code of settings.LANGUAGES, or "" for the
    browser's), the table's sounds default and their time zone ("" for UTC). Raises
    ``invalid`` for an unknown language, ``invalid_time_zone`` for an unknown zone (a game's
    deadlines that depend on it are the games app's: games.services.player_time_zone_set)."""
    fields = []
    if time_zone is not None:
        user.time_zone = check_time_zone(time_zone)
        fields.append("time_zone")
    if language is not None:
        if language and not valid_language(language):
            raise ApplicationError(E.INVALID, f"Unknown language {language!r}.")
        user.language = language
        fields.append("language")
    if sounds is not None:
        user.sounds = bool(sounds)
        fields.append("sounds")
    if fields:
        user.save(update_fields=fields)


def _username_taken(username: str) -> ApplicationError:
    return ApplicationError(
        E.USERNAME_TAKEN,
        f"The username {username!r} is taken, or looks the same as one that is "
        "(letters from other scripts, full-width forms and case count as the same).",
    )


def _check_username(username: str) -> None:
    """Raise ``invalid_username`` unless the model's validators accept it and no bot owns it."""
    if not username:
        raise ApplicationError(E.INVALID_USERNAME, "A username is required.")
    try:
        User._meta.get_field("username").run_validators(username)
    except ValidationError as error:
        raise ApplicationError(E.INVALID_USERNAME, " ".join(error.messages)) from None
    if username.lower().startswith(PSEUDONYM_PREFIX):
        raise ApplicationError(
            E.INVALID_USERNAME,
            f"Usernames starting with {PSEUDONYM_PREFIX!r} are kept for deleted accounts.",
        )
    if BOT_USERNAME_RE.search(username):
        raise ApplicationError(
            E.INVALID_USERNAME, "Usernames ending in '-bot-<number>' are kept for bots."
        )
    if is_reserved(username):
        raise ApplicationError(
            E.INVALID_USERNAME,
            "That username is kept: it looks like the platform's or its staff's.",
        )


def user_authenticate(*, username: str, password: str, request=None) -> User:
    """Return the active person with these credentials, or raise ``invalid_credentials``.

    Bot accounts never authenticate: they are driven by the server, not by a client. An
    address with too many failed logins of this username lately is refused (``throttled``)
    before the password is checked; each failure is counted by ``accounts.apps``
    (core.throttling: per username and address, with a ceiling per username that slows).
    """
    check_login_username(username, login_address(request))
    user = authenticate(request, username=username, password=password)
    if user is None or user.is_bot:  # an owned bot has no usable password either
        raise ApplicationError(E.INVALID_CREDENTIALS, "Wrong username or password.")
    return user


# The name a token gets when its client gives none (register and POST /auth/token).
DEFAULT_TOKEN_NAME = "api"
SIGNUP_TOKEN_NAME = "sign-up"
TOKEN_NAME_MAX = 64


def api_token_create(
    *, user: User, name: str = DEFAULT_TOKEN_NAME, replace: bool = True
) -> tuple[ApiToken, str]:
    """Make an API token named ``name`` for ``user``; return it and its key, which is shown
    this once (only its digest is kept). A token of the same name is replaced (a client that
    signs in again gets a fresh key, and the old one stops working) unless ``replace`` is
    False (a token made by an authenticated client: ``invalid`` then); expired tokens are
    dropped. Raises ``invalid`` for a bad name and ``too_many_tokens`` (409) at the limit.
    """
    if user.is_platform_bot:  # an owned bot holds tokens: its client plays through the API
        raise ApplicationError(E.INVALID_CREDENTIALS, "The platform's bots hold no API tokens.")
    name = (name or "").strip()
    if not name or len(name) > TOKEN_NAME_MAX or not name.isprintable():
        raise ApplicationError(
            E.INVALID,
            f"A token's name is 1 to {TOKEN_NAME_MAX} printable characters.",
            extra={"fields": {"name": ["1 to 64 printable characters"]}},
        )
    now = clock.now()
    with transaction.atomic():
        # One writer of a user's tokens at a time: the limit and the names hold under races.
        User.objects.select_for_update().filter(pk=user.pk).first()
        mine = ApiToken.objects.filter(user=user)
        mine.filter(expiry__lte=now).delete()
        if not replace and mine.filter(name=name).exists():
            # A client making a token under a name it already holds (its own, often) would
            # revoke that token without a word, the one making the call included.
            raise ApplicationError(
                E.INVALID,
                "You already hold a token with this name: revoke it first, or choose another.",
                extra={"fields": {"name": ["already the name of one of your tokens"]}},
            )
        mine.filter(name=name).delete()
        limit = knox_settings.TOKEN_LIMIT_PER_USER
        if limit is not None and mine.count() >= limit:
            raise Conflict(
                E.TOO_MANY_TOKENS,
                f"An account holds at most {limit} API tokens: revoke one first "
                "(DELETE /api/v1/auth/tokens/<id>).",
            )
        digest, key = get_digest_token()
        token = ApiToken(
            user=user,
            name=name,
            digest=digest,
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            expiry=now + knox_settings.TOKEN_TTL,
        )
        token.save(force_insert=True)
        return token, key


def api_token_revoke(*, user: User, public_id) -> None:
    """Revoke one of ``user``'s tokens (``not_found`` if it is not theirs). Sockets opened
    with it are closed (accounts.sockets)."""
    deleted, _ = ApiToken.objects.filter(user=user, public_id=public_id).delete()
    if not deleted:
        raise NotFound(E.NOT_FOUND, "No such token.")


def api_token_revoke_all(*, user: User) -> int:
    """Revoke every token of ``user``; return how many there were."""
    deleted, _ = ApiToken.objects.filter(user=user).delete()
    return deleted


def bot_account_get_or_create(*, strategy: str, exclude_ids: Iterable[int] = ()) -> User:
    """Return an active bot account playing ``strategy`` whose id is not in ``exclude_ids``.

    The oldest such bot is reused; a new one (``<strategy>-bot-<n>``, no usable password) is
    created when every existing one is excluded, e.g. already seated at the table being filled.
    Safe under concurrent calls: a name taken meanwhile makes it try the next number.
    """
    if not BOT_STRATEGY_RE.match(strategy) or len(strategy) > 64:
        raise ApplicationError(E.INVALID_BOT_STRATEGY, f"Unknown bot strategy {strategy!r}.")
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


# -- bots people own ---------------------------------------------------------------------------

OWNED_BOT_TOKEN_NAME = "bot"


def owned_bot_owner_check(owner: User) -> None:
    """Refuse a bot (platform or owned) as an owner: ``bots_cannot_own_bots`` (403)."""
    if owner.is_bot:
        raise Forbidden(E.BOTS_CANNOT_OWN_BOTS, "A bot account cannot register or manage bots.")


def owned_bot_create(*, owner: User, username: str) -> tuple[User, str]:
    """Register a bot account ``owner`` owns and make its API token; return the bot and the
    token's key (shown this once).

    The bot is labelled a bot (``is_bot``) but has no strategy: the platform never plays it,
    its client moves through the REST and socket API, on the clock like a person. It has no
    usable password (it never signs in) and cannot be staff (a database constraint). Its name
    follows people's rules, skeleton uniqueness included. Raises ``bots_cannot_own_bots``
    (403), ``invalid_username``, ``username_taken`` and ``too_many_bots`` (409, more than
    ``BOTS_PER_USER`` active bots).
    """
    owned_bot_owner_check(owner)
    username = User.normalize_username((username or "").strip())
    _check_username(username)
    if User.objects.filter(username_skeleton=username_skeleton(username)).exists() or (
        RetiredUsername.objects.filter(pk=retired_digest(username)).exists()
    ):
        raise _username_taken(username)
    cap = max(int(settings.BOTS_PER_USER), 0)
    try:
        with transaction.atomic():
            # One writer of an owner's bots at a time: the cap holds under concurrent requests.
            User.objects.select_for_update().filter(pk=owner.pk).first()
            if User.objects.filter(bot_owner=owner, is_active=True).count() >= cap:
                raise Conflict(
                    E.TOO_MANY_BOTS,
                    f"An account owns at most {cap} active bots: deactivate one first "
                    "(DELETE /api/v1/me/bots/<username>).",
                    extra={"limit": cap},
                )
            bot = User.objects.create_user(
                username=username, password=None, is_bot=True, bot_strategy="", bot_owner=owner
            )
            _, key = api_token_create(user=bot, name=OWNED_BOT_TOKEN_NAME)
    except IntegrityError:  # Another request registered the same name meanwhile.
        raise _username_taken(username) from None
    return bot, key


def owned_bot_get(*, owner: User, username: str) -> User:
    """Return ``owner``'s active bot named ``username``; ``bot_not_found`` (404) for any other
    account, someone else's bot included, so nobody learns which bots others own."""
    owned_bot_owner_check(owner)
    bot = User.objects.filter(
        bot_owner=owner, username=username, is_bot=True, is_active=True
    ).first()
    if bot is None:
        raise NotFound(E.BOT_NOT_FOUND, "You own no active bot of this name.")
    return bot


def owned_bot_token_issue(*, owner: User, username: str) -> tuple[User, str]:
    """Give ``owner``'s bot a new API token and revoke every other one (a leaked key stops
    working, with the sockets it opened); return the bot and the new key, shown this once."""
    with transaction.atomic():
        bot = owned_bot_get(owner=owner, username=username)
        for token in ApiToken.objects.filter(user=bot):
            token.delete()  # one by one: each token's sockets close (accounts.socket_signals)
        _, key = api_token_create(user=bot, name=OWNED_BOT_TOKEN_NAME)
    return bot, key


def owned_bot_deactivate(*, owner: User, username: str) -> None:
    """Deactivate ``owner``'s bot: it can no longer authenticate, its tokens are revoked and
    its sockets close. Its seats stay (games keep their history); a turn it no longer plays
    times out like a person's. Its name stays taken."""
    with transaction.atomic():
        bot = owned_bot_get(owner=owner, username=username)
        _deactivate_bot(bot)


def _deactivate_bot(bot: User) -> None:
    bot.is_active = False
    bot.save(update_fields=["is_active"])
    for token in ApiToken.objects.filter(user=bot):
        token.delete()


def owned_bots_deactivate_all(*, owner: User) -> int:
    """Deactivate every bot ``owner`` owns (their account is being deleted); return how many."""
    bots = list(User.objects.filter(bot_owner=owner, is_active=True))
    for bot in bots:
        _deactivate_bot(bot)
    return len(bots)
