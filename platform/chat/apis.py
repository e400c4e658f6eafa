"""Chat endpoints under /api/v1/: thin views over chat.services and chat.selectors.

- ``GET/POST games/<id>/chat``: the messages the caller may read now, newest first (cursor
  pages); post ``{"body"}`` (free chat) or ``{"quick"}`` (a key of games.chat_modes.QUICK_MESSAGES).
- ``GET/POST tournaments/<id>/chat``: the same for a tournament.
- ``GET/POST teams/<slug>/chat``: a team's chat, its members' (staff read it too).
- ``POST chat/messages/<id>/report``: report a message (opens a dispute, category abuse).
- ``GET me/mutes``, ``POST/DELETE me/mutes/<username>``: the caller's own mutes.
- ``POST/DELETE staff/chat-mutes/<username>``: staff mute a player until a time (second
  factor required, as every staff power: accounts.permissions.StaffBySessionOnly).
"""

from __future__ import annotations

from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.staff_api import StaffActionApi
from accounts.staff_api import staff_action_schema
from chat import selectors
from chat import services
from core.inputs import query
from core.inputs import validated
from core.pagination import CursorPage
from core.pagination import CursorQuery
from core.pagination import page_of
from core.pagination import paginate
from core.schema import error_responses
from core.schema import operations
from games.chat_modes import QUICK_MESSAGES
from games.selectors import table_names

TAGS = ["chat"]
operation = operations(TAGS)
POST_ERRORS = error_responses(
    400,
    401,
    403,
    404,
    429,
    e400="`message_required`, `message_too_long`, `invalid_quick`",
    e403="`chat_off`, `quick_only`, `chat_muted` (with `until`), `not_a_participant`, "
    "`seed_hidden`",
)


class ChatMessageOutput(serializers.Serializer):
    id = serializers.IntegerField()
    channel = serializers.ChoiceField(["players", "spectators", "tournament", "team"])
    author = serializers.CharField()
    quick = serializers.CharField(allow_null=True, help_text="a quick message's key, or null")
    text = serializers.CharField(help_text="as written, or the quick message in your language")
    seq = serializers.IntegerField(
        allow_null=True, help_text="the game's last event when said; null in a tournament or team"
    )
    created_at = serializers.DateTimeField()


class TextField(serializers.CharField):
    """Text only: a number or a boolean is refused, not turned into a string. NUL characters
    are dropped here, as the service drops every other control character (DRF would refuse
    the whole message)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data.replace("\x00", ""))


class PostInput(serializers.Serializer):
    body = TextField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=4000,
        help_text=f"free text, at most {services.MAX_LENGTH} characters once control "
        "characters are removed",
    )
    quick = serializers.ChoiceField(list(QUICK_MESSAGES), required=False)


def _page(request, rows, names, view):
    return paginate(
        request,
        rows,
        lambda page: [selectors.message_json(m, names) for m in page],
        pagination=CursorPage(("-created_at", "-id")),
        view=view,
    )


class GameChatApi(APIView):
    """A table's chat: the caller's channel while the game is played (players' or
    spectators'), both once it has ended; never the messages of players the caller muted."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    @operation(
        "game_chat",
        parameters=[CursorQuery],
        responses={200: page_of("ChatPage", ChatMessageOutput), **error_responses(400, 403, 404)},
    )
    def get(self, request, game_id):
        query(CursorQuery, request)
        game = selectors.game_for_chat(game_id, request.user)
        rows = selectors.game_chat_for(game, request.user)
        return _page(request, rows, table_names(game.pk), self)

    @operation(
        "game_chat_post", request=PostInput, responses={201: ChatMessageOutput, **POST_ERRORS}
    )
    def post(self, request, game_id):
        data = validated(PostInput, request)
        message = services.chat_post_game(game_id=game_id, user=request.user, **data)
        return Response(selectors.message_json(message), status=status.HTTP_201_CREATED)


class TournamentChatApi(APIView):
    """A tournament's chat: readable by anyone who can see the tournament, written by its
    entrants and organizer."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    @operation(
        "tournament_chat",
        parameters=[CursorQuery],
        responses={
            200: page_of("TournamentChatPage", ChatMessageOutput),
            **error_responses(400, 404),
        },
    )
    def get(self, request, tournament_id):
        query(CursorQuery, request)
        tournament = selectors.tournament_for_chat(tournament_id)
        return _page(request, selectors.tournament_chat_for(tournament, request.user), None, self)

    @operation(
        "tournament_chat_post", request=PostInput, responses={201: ChatMessageOutput, **POST_ERRORS}
    )
    def post(self, request, tournament_id):
        data = validated(PostInput, request)
        message = services.chat_post_tournament(
            tournament_id=tournament_id, user=request.user, **data
        )
        return Response(selectors.message_json(message), status=status.HTTP_201_CREATED)


class TeamChatApi(APIView):
    """A team's chat: its members read and write it (staff read it); refused with
    ``team_chat_closed`` while its leaders closed it or the team is closed."""

    permission_classes = [IsAuthenticated]

    @operation(
        "team_chat",
        parameters=[CursorQuery],
        responses={
            200: page_of("TeamChatPage", ChatMessageOutput),
            **error_responses(400, 401, 403, 404, e403="`not_a_member`"),
        },
    )
    def get(self, request, slug):
        query(CursorQuery, request)
        team = selectors.team_for_chat(slug, request.user)
        return _page(request, selectors.team_chat_for(team, request.user), None, self)

    @operation(
        "team_chat_post",
        request=PostInput,
        responses={
            201: ChatMessageOutput,
            **error_responses(
                400,
                401,
                403,
                404,
                429,
                e400="`message_required`, `message_too_long`, `invalid_quick`",
                e403="`not_a_member`, `team_chat_closed`, `chat_muted` (with `until`)",
            ),
        },
    )
    def post(self, request, slug):
        data = validated(PostInput, request)
        message = services.chat_post_team(team=slug, user=request.user, **data)
        return Response(selectors.message_json(message), status=status.HTTP_201_CREATED)


class ChatReportApi(APIView):
    """Report a message you can read: a dispute (category abuse) with the message attached."""

    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        reason = serializers.CharField(required=False, allow_blank=True, max_length=4000)

    @operation(
        "chat_report",
        request=Input,
        responses={
            201: inline_serializer(
                "ChatReportOutput",
                {
                    "id": serializers.IntegerField(),
                    "message": serializers.IntegerField(),
                    "dispute": serializers.IntegerField(allow_null=True),
                },
            ),
            **error_responses(
                400, 401, 404, 409, e400="`cannot_report_own`", e409="`already_reported`"
            ),
        },
    )
    def post(self, request, message_id):
        data = validated(self.Input, request)
        report = services.chat_report(
            message_id=message_id, user=request.user, reason=data.get("reason", "")
        )
        return Response(
            {"id": report.pk, "message": report.message_id, "dispute": report.dispute_id},
            status=status.HTTP_201_CREATED,
        )


MUTES_OUTPUT = inline_serializer(
    "ChatMutes", {"muted": serializers.ListField(child=serializers.CharField())}
)


class MuteListApi(APIView):
    """The players the caller muted."""

    permission_classes = [IsAuthenticated]

    @operation("chat_mutes", responses={200: MUTES_OUTPUT})
    def get(self, request):
        return Response({"muted": selectors.mutes_of(request.user)})


class MuteApi(APIView):
    """Mute a player (their messages are no longer delivered to you), or hear them again."""

    permission_classes = [IsAuthenticated]

    @operation(
        "chat_mute",
        request=None,
        responses={200: MUTES_OUTPUT, **error_responses(400, 401, 404, e400="`cannot_mute_self`")},
    )
    def post(self, request, username):
        services.chat_mute(user=request.user, username=username)
        return Response({"muted": selectors.mutes_of(request.user)})

    @operation("chat_unmute", responses={200: MUTES_OUTPUT, **error_responses(401, 404)})
    def delete(self, request, username):
        services.chat_unmute(user=request.user, username=username)
        return Response({"muted": selectors.mutes_of(request.user)})


class StaffMuteInput(serializers.Serializer):
    until = serializers.DateTimeField()
    reason = serializers.CharField(max_length=4000, allow_blank=True)


@staff_action_schema(
    TAGS,
    "chat_staff_mute",
    {
        201: inline_serializer(
            "ChatStaffMute",
            {"username": serializers.CharField(), "until": serializers.DateTimeField()},
        ),
        **error_responses(
            400,
            401,
            403,
            404,
            e400="`reason_required`, `invalid_until`",
            e403="`staff_only`, `session_required`, `second_factor_required`",
        ),
    },
)
class StaffMuteApi(StaffActionApi):
    """Staff: forbid a player every chat until a time, with a reason; or lift it."""

    Input = StaffMuteInput
    status_code = status.HTTP_201_CREATED

    def act(self, request, data, username):
        ban = services.chat_staff_mute(
            staff=request.user, username=username, until=data["until"], reason=data["reason"]
        )
        return {"username": ban.user.username, "until": ban.until.isoformat()}

    @operation(
        "chat_staff_unmute",
        responses={
            200: inline_serializer("ChatStaffUnmute", {"lifted": serializers.IntegerField()}),
            **error_responses(401, 403, 404),
        },
    )
    def delete(self, request, username):
        return Response(
            {"lifted": services.chat_staff_unmute(staff=request.user, username=username)}
        )
