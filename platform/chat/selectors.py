"""Chat reads: who belongs to which channel, what a reader may read, mutes and staff mutes.

The seat rules are games.selectors.game_viewer_seat's: a seated player who has not resigned or
forfeited is a player; anyone else a spectator. While the game is open or played the two
channels stay apart; once it has ended, both are readable by everyone.
"""

from __future__ import annotations

from django.db.models import QuerySet

from chat.errors import ChatError as E
from chat.models import ChatBan
from chat.models import ChatChannel
from chat.models import ChatMessage
from chat.models import ChatMute
from core import clock
from core.errors import Forbidden
from core.errors import NotFound
from games.chat_modes import QUICK_MESSAGES
from games.errors import GameError
from games.models import Game
from games.models import GameStatus
from games.selectors import game_viewer_seat
from games.selectors import table_names
from teams.models import Team
from teams.selectors import is_member
from teams.selectors import team_or_none
from tournaments.models import Tournament

LIVE_STATUSES = (GameStatus.OPEN, GameStatus.ACTIVE)
GAME_CHANNELS = (ChatChannel.PLAYERS, ChatChannel.SPECTATORS)


def chat_ban_active(user) -> ChatBan | None:
    """Return the staff mute ``user`` is under now (the one ending last), or None."""
    return (
        ChatBan.objects.filter(user=user, until__gt=clock.now(), lifted_at__isnull=True)
        .order_by("-until")
        .first()
    )


def game_for_chat(game_id, user) -> Game:
    """Return the game whose chat ``user`` asks for; 404 if none, 403 ``seed_hidden`` for a
    spectator of a deal other tables still play (the games' own rule for watching)."""
    try:
        game = Game.objects.filter(pk=game_id).first()
    except (ValueError, TypeError):
        game = None
    if game is None:
        raise NotFound(GameError.NOT_FOUND, "no such game")
    if game.seed_hidden and game_viewer_seat(game, user) is None:
        raise Forbidden(GameError.SEED_HIDDEN, "other tables are still playing this deal")
    return game


def tournament_for_chat(tournament_id) -> Tournament:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise NotFound(E.NOT_FOUND, "no such tournament")
    return tournament


def team_for_chat(slug_or_id, user) -> Team:
    """Return the team whose chat ``user`` asks for: its members read and write it, staff read
    it (moderation); 404 if there is no such team, 403 ``not_a_member`` for anyone else."""
    team = team_or_none(slug_or_id)
    if team is None:
        raise NotFound(E.NOT_FOUND, "no such team")
    if not may_read_team(team, user):
        raise Forbidden(E.NOT_A_MEMBER, "a team's chat is for its members")
    return team


def may_read_team(team: Team, user) -> bool:
    """Members read their team's chat, and staff (to moderate it)."""
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or is_member(team.pk, user.pk)


def game_channel_of(game: Game, user) -> str:
    """Return the channel ``user`` writes in at ``game`` now."""
    return (
        ChatChannel.PLAYERS if game_viewer_seat(game, user) is not None else ChatChannel.SPECTATORS
    )


def channels_apart(game: Game) -> bool:
    """True while players and spectators read only their own channel."""
    return game.status in LIVE_STATUSES


def game_readable_channels(game: Game, user) -> tuple[str, ...]:
    """Return the channels ``user`` may read at ``game`` now."""
    if channels_apart(game):
        return (game_channel_of(game, user),)
    return GAME_CHANNELS


def muted_ids(user) -> QuerySet:
    """The ids of the players ``user`` muted (a subquery)."""
    return ChatMute.objects.filter(muter=user).values("muted_id")


def is_muted(user, author_id: int) -> bool:
    """Has ``user`` muted the author ``author_id``?"""
    if user is None or not user.is_authenticated:
        return False
    return ChatMute.objects.filter(muter=user, muted_id=author_id).exists()


def _without_muted(rows: QuerySet, user) -> QuerySet:
    if user is not None and user.is_authenticated:
        rows = rows.exclude(author_id__in=muted_ids(user))
    return rows


def game_chat_for(game: Game, user) -> QuerySet:
    """Return the messages of ``game`` that ``user`` may read now, less those of players they
    muted."""
    rows = ChatMessage.objects.filter(game=game, channel__in=game_readable_channels(game, user))
    return _without_muted(rows, user).select_related("author")


def tournament_chat_for(tournament: Tournament, user) -> QuerySet:
    """Return a tournament's messages (public, as its page is), less the muted players'."""
    rows = ChatMessage.objects.filter(tournament=tournament)
    return _without_muted(rows, user).select_related("author")


def team_chat_for(team: Team, user) -> QuerySet:
    """Return a team's messages (its members' reading), less the muted players'."""
    rows = ChatMessage.objects.filter(team=team)
    return _without_muted(rows, user).select_related("author")


def chat_message_readable(message_id, user) -> ChatMessage:
    """Return a message ``user`` may read now; 404 for any other (a guessed id of the other
    channel looks like no message at all)."""
    message = ChatMessage.objects.select_related("author").filter(pk=message_id).first()
    if message is None:
        raise NotFound(E.NOT_FOUND, "no such message")
    if message.game_id is not None:
        try:
            game = game_for_chat(message.game_id, user)
        except Forbidden:
            raise NotFound(E.NOT_FOUND, "no such message") from None
        if message.channel not in game_readable_channels(game, user):
            raise NotFound(E.NOT_FOUND, "no such message")
    if message.team_id is not None and not may_read_team(message.team, user):
        raise NotFound(E.NOT_FOUND, "no such message")
    return message


def game_chat_audit(game: Game) -> QuerySet:
    """Every message of ``game``, both channels, in the order said (the audit)."""
    return (
        ChatMessage.objects.filter(game=game).select_related("author").order_by("created_at", "pk")
    )


def message_text(message: ChatMessage) -> str:
    """The text of a message in the active language (a quick message's translation)."""
    if message.quick:
        return str(QUICK_MESSAGES.get(message.quick, message.quick))
    return message.body


def message_json(message: ChatMessage, names=None) -> dict:
    """One message as every reader gets it (REST, socket, audit); ``text`` in the active
    language; the author named as readers see them (accounts.names)."""
    if names is None:
        names = table_names(message.game_id) if message.game_id else None
    from accounts.names import public_name

    author = names.of(message.author) if names is not None else public_name(message.author)
    return {
        "id": message.pk,
        "channel": message.channel,
        "author": author,
        "quick": message.quick or None,
        "text": message_text(message),
        "seq": message.seq,
        "created_at": message.created_at.isoformat(),
    }


def mutes_of(user) -> list[str]:
    """The usernames ``user`` muted, alphabetically."""
    return sorted(
        ChatMute.objects.filter(muter=user, muted__deleted_at__isnull=True).values_list(
            "muted__username", flat=True
        )
    )
