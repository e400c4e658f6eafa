"""Chat services: post at a table or in a tournament, report a message, mute a player, and
staff mutes. The only code that writes the chat's rows; each is one transaction, and a new
message is delivered to the sockets on commit (chat.broadcast).

Who writes where (chat.selectors.game_channel_of): a table's seated players, as
games.selectors.game_viewer_seat says (a seat that resigned or forfeited no longer counts),
in the players' channel; everyone else signed in, in the spectators'. A tournament's chat is
for its entrants and its organizer. A team's chat is for its members, free text, while its
leaders keep it open and the team is not closed; it has no socket: the team page asks again.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from chat import broadcast
from chat import selectors
from chat.errors import ChatError as E
from chat.models import ChatBan
from chat.models import ChatChannel
from chat.models import ChatMessage
from chat.models import ChatMute
from chat.models import ChatReport
from core import clock
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import CoreError
from core.errors import Forbidden
from core.errors import NotAuthenticated
from core.errors import NotFound
from core.hooks import Hook
from core.throttling import Throttled
from core.throttling import hit
from games.chat_modes import QUICK_MESSAGES
from games.chat_modes import ChatMode
from teams.selectors import is_member
from tournaments.models import TournamentEntry
from tournaments.selectors import duplicate_deal_in_play

MAX_LENGTH = 300
MAX_REASON = 1000
# Kept: line breaks a player typed. Stripped: every other control or format character
# (Unicode categories Cc, Cf, Co, Cs, Cn), which can reorder or hide text (bidi overrides,
# zero-width joiners used to dodge filters).
KEPT_CONTROLS = frozenset("\n")


def clean_body(body: str) -> str:
    """Return ``body`` with control and format characters removed and the ends stripped."""
    kept = "".join(
        c for c in body if c in KEPT_CONTROLS or not unicodedata.category(c).startswith("C")
    )
    return kept.strip()


def _content(mode: str, body, quick) -> tuple[str, str]:
    """Return the (body, quick) to store, checked against the chat's ``mode``."""
    if mode == ChatMode.OFF:
        raise Forbidden(E.CHAT_OFF, "the chat is off here")
    if (body is None or body == "") == (quick is None or quick == ""):
        raise ApplicationError(E.MESSAGE_REQUIRED, "send either a body or a quick message")
    if quick:
        if not isinstance(quick, str) or quick not in QUICK_MESSAGES:
            raise ApplicationError(
                E.INVALID_QUICK, f"quick must be one of {', '.join(QUICK_MESSAGES)}"
            )
        return "", quick
    if mode != ChatMode.FREE:
        raise Forbidden(E.QUICK_ONLY, "only quick messages can be sent here")
    if not isinstance(body, str):
        raise ApplicationError(E.INVALID, "body must be text")
    text = clean_body(body)
    if not text:
        raise ApplicationError(E.MESSAGE_REQUIRED, "the message is blank")
    if len(text) > MAX_LENGTH:
        raise ApplicationError(
            E.MESSAGE_TOO_LONG,
            f"a message is at most {MAX_LENGTH} characters",
            extra={"limit": MAX_LENGTH},
        )
    return text, ""


def _check_author(user) -> None:
    """Refuse anonymous callers, and anyone staff muted (with until when)."""
    if user is None or not user.is_authenticated:
        raise NotAuthenticated(CoreError.NOT_AUTHENTICATED, "sign in to chat")
    ban = selectors.chat_ban_active(user)
    if ban is not None:
        raise Forbidden(
            E.CHAT_MUTED,
            f"muted by staff until {ban.until.isoformat()}",
            extra={"until": ban.until.isoformat()},
        )
    wait = hit("chat", f"user:{user.pk}")  # one limit for REST and sockets, every chat
    if wait is not None:
        raise Throttled(wait)


@transaction.atomic
def chat_post_game(*, game_id, user, body: str | None = None, quick: str | None = None):
    """Say something at a table, in the channel the author belongs to now."""
    _check_author(user)
    game = selectors.game_for_chat(game_id, user)
    channel = selectors.game_channel_of(game, user)
    text, key = _content(game.chat, body, quick)
    message = ChatMessage.objects.create(
        game=game,
        channel=channel,
        author=user,
        body=text,
        quick=key,
        seq=game.version,
        created_at=clock.now(),
    )
    transaction.on_commit(lambda: broadcast.publish_game_message(message.pk))
    return message


@transaction.atomic
def chat_post_tournament(*, tournament_id, user, body: str | None = None, quick: str | None = None):
    """Say something in a tournament's chat (its entrants and organizer). While a duplicate
    deal is in play at its tables, a free chat takes only quick messages."""
    _check_author(user)
    tournament = selectors.tournament_for_chat(tournament_id)
    entrant = TournamentEntry.objects.filter(tournament=tournament, user=user).exists()
    if not entrant and tournament.created_by_id != user.pk:
        raise Forbidden(E.NOT_A_PARTICIPANT, "only entrants and the organizer write here")
    if tournament.chat == ChatMode.FREE and body and duplicate_deal_in_play(tournament):
        # A player whose table finished could post their opening hand while a sibling table
        # still plays the same tiles: for the round, the canned messages only.
        raise Forbidden(
            E.QUICK_ONLY,
            "while tables still play a duplicate deal, only quick messages can be sent here",
        )
    text, key = _content(tournament.chat, body, quick)
    message = ChatMessage.objects.create(
        tournament=tournament,
        channel=ChatChannel.TOURNAMENT,
        author=user,
        body=text,
        quick=key,
        created_at=clock.now(),
    )
    transaction.on_commit(lambda: broadcast.publish_tournament_message(message.pk))
    return message


@transaction.atomic
def chat_post_team(*, team, user, body: str | None = None, quick: str | None = None):
    """Say something in a team's chat (its members; refused while its leaders closed it or
    the team is closed)."""
    _check_author(user)
    found = selectors.team_for_chat(team, user)
    if not is_member(found.pk, user.pk):  # staff read it; only members write
        raise Forbidden(E.NOT_A_MEMBER, "a team's chat is for its members")
    if found.closed_at is not None or not found.chat_open:
        raise Forbidden(E.TEAM_CHAT_CLOSED, "the team's chat is closed")
    text, key = _content(ChatMode.FREE, body, quick)
    return ChatMessage.objects.create(
        team=found,
        channel=ChatChannel.TEAM,
        author=user,
        body=text,
        quick=key,
        created_at=clock.now(),
    )


def _report_reason(message: ChatMessage, note: str) -> str:
    """The dispute's reason: the message as it was said (no name: a deleted author's name must
    not stay in a text; the dispute page names the author through accounts.names)."""
    said = message.body or f"[{message.quick}] {QUICK_MESSAGES[message.quick]}"
    where = "" if message.seq is None else f", move {message.seq}"
    lines = [
        f"Reported chat message #{message.pk} ({message.channel} channel{where}, "
        f"{message.created_at.isoformat()}):",
        f"«{said}»",
    ]
    if note:
        lines.append(note)
    return "\n".join(lines)


# A report of a table's message opens a dispute about the game (category abuse): the disputes
# app, a floor above chat, registers how (its AppConfig.ready()); chat names no app above it.
# ``open_dispute(game_id=, reporter=, author=, reason=, seq=, at=)`` opens the dispute a report
# of a table's message starts, with the reporter and the author in it, and returns it.
report_dispute = Hook("the dispute a reported table message opens")


def register_report_dispute(open_dispute: Callable[..., Any]) -> None:
    report_dispute.install(open_dispute)


@transaction.atomic
def chat_report(*, message_id, user, reason: str = "") -> ChatReport:
    """Report a message the caller can read: at a table it opens a dispute (category abuse)
    with the message attached, its author and the reporter in the thread; staff see it in the
    dispute queue. A tournament's messages are reported to staff in the admin (a dispute is
    about a game); so are a team's."""
    if user is None or not user.is_authenticated:
        raise NotAuthenticated(CoreError.NOT_AUTHENTICATED, "sign in to report")
    message = selectors.chat_message_readable(message_id, user)
    if message.author_id == user.pk:
        raise ApplicationError(E.CANNOT_REPORT_OWN, "you cannot report your own message")
    note = (reason or "").strip()
    if len(note) > MAX_REASON:
        raise ApplicationError(E.MESSAGE_TOO_LONG, "the reason is too long", extra={"limit": 1000})
    if ChatReport.objects.filter(message=message, reporter=user).exists():
        raise Conflict(E.ALREADY_REPORTED, "you have already reported this message")
    now = clock.now()
    dispute = None
    if message.game_id is not None:
        dispute = report_dispute(
            game_id=message.game_id,
            reporter=user,
            author=message.author,
            reason=_report_reason(message, note),
            seq=message.seq or None,
            at=now,
        )
    return ChatReport.objects.create(
        message=message, reporter=user, dispute=dispute, reason=note, created_at=now
    )


def _user_named(username: str):
    user = get_user_model().objects.filter(username=username, deleted_at__isnull=True).first()
    if user is None:
        raise NotFound(E.NOT_FOUND, "no such player")
    return user


@transaction.atomic
def chat_mute(*, user, username: str) -> ChatMute:
    """Stop hearing ``username`` in every chat, by REST and socket alike (idempotent)."""
    muted = _user_named(username)
    if muted.pk == user.pk:
        raise ApplicationError(E.CANNOT_MUTE_SELF, "you cannot mute yourself")
    mute, _ = ChatMute.objects.get_or_create(
        muter=user, muted=muted, defaults={"created_at": clock.now()}
    )
    return mute


@transaction.atomic
def chat_unmute(*, user, username: str) -> None:
    """Hear ``username`` again (idempotent)."""
    ChatMute.objects.filter(muter=user, muted=_user_named(username)).delete()


@transaction.atomic
def chat_staff_mute(*, staff, username: str, until: datetime, reason: str) -> ChatBan:
    """Staff: forbid ``username`` every chat until ``until``, saying why. The caller checks
    the staff powers (accounts.permissions.StaffBySessionOnly: the second factor)."""
    if not staff.is_staff:
        raise Forbidden(E.STAFF_ONLY, "only staff mute players")
    user = _user_named(username)
    reason = (reason or "").strip()
    if not reason:
        raise ApplicationError(E.REASON_REQUIRED, "a reason is required")
    if len(reason) > MAX_REASON:
        raise ApplicationError(E.MESSAGE_TOO_LONG, "the reason is too long", extra={"limit": 1000})
    now = clock.now()
    if until <= now:
        raise ApplicationError(E.INVALID_UNTIL, "until must be in the future")
    return ChatBan.objects.create(user=user, until=until, reason=reason, by=staff, created_at=now)


@transaction.atomic
def chat_staff_unmute(*, staff, username: str) -> int:
    """Staff: lift ``username``'s staff mutes now; return how many were lifted."""
    if not staff.is_staff:
        raise Forbidden(E.STAFF_ONLY, "only staff mute players")
    user = _user_named(username)
    now = clock.now()
    return ChatBan.objects.filter(user=user, until__gt=now, lifted_at__isnull=True).update(
        lifted_at=now, lifted_by=staff
    )
