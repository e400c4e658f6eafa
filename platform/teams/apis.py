"""The teams REST API (/api/v1/teams...): thin views over teams.services and teams.selectors.

- ``GET teams`` (``?q=`` searches names and descriptions), ``POST teams``: list, create.
- ``GET teams/<slug>`` (members and roles, the caller's role), ``PATCH``: leaders edit.
- ``POST teams/<slug>/join`` (an open team: joined; else a request), ``POST .../leave``.
- ``GET teams/<slug>/requests``, ``POST .../requests/<id>/accept|decline``: leaders.
- ``POST teams/<slug>/members/<username>/remove|promote|demote``: leaders.
- ``POST teams/<slug>/chat/open|close``: leaders (the chat itself is chat.apis':
  ``teams/<slug>/chat``).
- ``POST teams/<slug>/close``: staff, with a reason (second factor, as every staff power).

Errors are the platform's one JSON shape with a stable ``code`` (teams.errors).
"""

from __future__ import annotations

from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.staff_api import StaffActionApi
from accounts.staff_api import staff_action_schema
from core.errors import Forbidden
from core.inputs import query
from core.inputs import validated
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.schema import error_responses
from core.schema import operations
from teams import selectors
from teams import services
from teams.errors import TeamError

TAGS = ["teams"]
operation = operations(TAGS)


class TeamSummaryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField(help_text="the team's address: /teams/<slug>")
    name = serializers.CharField()
    description = serializers.CharField()
    open = serializers.BooleanField(help_text="true: anyone may join; false: by request")
    members = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    closed = serializers.BooleanField(help_text="closed teams are read-only")


class TeamMemberOutput(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.CharField(help_text="leader | member")
    joined_at = serializers.DateTimeField()
    founder = serializers.BooleanField(help_text="created the team")
    rating = serializers.IntegerField(
        allow_null=True, help_text="shown live rating; null before a rated game"
    )
    provisional = serializers.BooleanField(help_text="fewer than 10 rated live games")


class TeamDetailOutput(TeamSummaryOutput):
    founder = serializers.CharField()
    chat_open = serializers.BooleanField(help_text="false: leaders closed the team's chat")
    average_rating = serializers.IntegerField(
        allow_null=True, help_text="mean live rating of the members who played a rated game"
    )
    closed_at = serializers.DateTimeField(allow_null=True)
    closed_reason = serializers.CharField(help_text="why staff closed it; empty while open")
    my_role = serializers.CharField(
        allow_null=True, help_text="the caller's role, leader | member; null: not a member"
    )
    my_request = serializers.BooleanField(help_text="the caller asked to join, not decided yet")
    members_list = TeamMemberOutput(many=True, help_text="leaders first, then by joining")


def _detail(request, team_id):
    team = selectors.team_get(team_id)
    return Response(selectors.team_detail(team, request.user))


def _team_id(slug) -> int:
    return selectors.team_get(slug).pk


LEADER_ERRORS = error_responses(401, 403, 404, 409, e403="`leaders_only`", e409="`team_closed`")


class TeamListApi(APIView):
    """Teams that are not closed, the most members first; create a team (you lead it)."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else [AllowAny()]

    class Query(NumberQuery):
        q = serializers.CharField(
            required=False, max_length=100, help_text="words of the name or the description"
        )

    class Input(serializers.Serializer):
        name = serializers.CharField(max_length=200)
        description = serializers.CharField(required=False, allow_blank=True, max_length=8000)
        open = serializers.BooleanField(
            required=False, default=True, help_text="false: members join by request"
        )

    @operation(
        "teams_list",
        parameters=[Query],
        responses={200: page_of("TeamPage", TeamSummaryOutput), **error_responses(400)},
    )
    def get(self, request):
        params = query(self.Query, request)
        rows = selectors.team_list(search=params.get("q", ""))
        return paginate(
            request,
            rows,
            lambda page: [selectors.team_summary(t) for t in page],
            pagination=NumberPage(),
            view=self,
        )

    @operation(
        "teams_create",
        request=Input,
        responses={
            201: TeamDetailOutput,
            **error_responses(
                400,
                401,
                403,
                409,
                e400="`name_invalid`, `name_reserved`, `description_too_long`",
                e403="`bot_not_allowed`",
                e409="`name_taken`, `too_many_teams`",
            ),
        },
    )
    def post(self, request):
        data = validated(self.Input, request)
        team = services.team_create(user=request.user, **data)
        return Response(selectors.team_detail(team, request.user), status=status.HTTP_201_CREATED)


class TeamDetailApi(APIView):
    """A team with its members and their roles; its leaders edit it (PATCH)."""

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "PATCH" else [AllowAny()]

    class Input(serializers.Serializer):
        name = serializers.CharField(required=False, max_length=200)
        description = serializers.CharField(required=False, allow_blank=True, max_length=8000)
        open = serializers.BooleanField(required=False)

    @operation("teams_detail", responses={200: TeamDetailOutput, **error_responses(404)})
    def get(self, request, slug):
        return _detail(request, slug)

    @operation(
        "teams_update",
        request=Input,
        responses={
            200: TeamDetailOutput,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                e400="`name_invalid`, `name_reserved`, `description_too_long`",
                e403="`leaders_only`",
                e409="`name_taken`, `team_closed`",
            ),
        },
    )
    def patch(self, request, slug):
        data = validated(self.Input, request)
        team = services.team_update(team_id=_team_id(slug), user=request.user, **data)
        return _detail(request, team.pk)


class TeamJoinApi(APIView):
    """Join an open team now; a team that takes members by request (or that removed you)
    gets a request its leaders decide, with your message."""

    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        message = serializers.CharField(
            required=False, allow_blank=True, max_length=2000, help_text="for a request"
        )

    class Output(serializers.Serializer):
        status = serializers.ChoiceField(
            ["member", "requested"], help_text="member: joined; requested: a leader decides"
        )
        team = TeamDetailOutput()

    @operation(
        "teams_join",
        request=Input,
        responses={
            200: Output,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                e403="`bot_not_allowed`",
                e409="`team_closed`, `already_member`, `request_pending`, `request_cooldown`, "
                "`too_many_teams`, `team_full`",
            ),
        },
    )
    def post(self, request, slug):
        data = validated(self.Input, request)
        outcome, _ = services.team_join_or_request(
            team_id=_team_id(slug), user=request.user, message=data.get("message", "")
        )
        team = selectors.team_get(slug)
        return Response({"status": outcome, "team": selectors.team_detail(team, request.user)})


class TeamLeaveApi(APIView):
    """Leave a team. The last leader names another leader first; the last member's leaving
    closes the team."""

    permission_classes = [IsAuthenticated]

    @operation(
        "teams_leave",
        request=None,
        responses={
            200: TeamDetailOutput,
            **error_responses(401, 404, 409, e409="`not_a_member`, `last_leader`, `team_closed`"),
        },
    )
    def post(self, request, slug):
        team_id = _team_id(slug)
        services.team_leave(team_id=team_id, user=request.user)
        return _detail(request, team_id)


class TeamRequestListApi(APIView):
    """Leaders: the join requests waiting for a decision, oldest first."""

    permission_classes = [IsAuthenticated]

    class Output(serializers.Serializer):
        class Item(serializers.Serializer):
            id = serializers.IntegerField()
            username = serializers.CharField()
            message = serializers.CharField()
            created_at = serializers.DateTimeField()

        results = Item(many=True)

    @operation(
        "teams_requests",
        responses={200: Output, **error_responses(401, 403, 404, e403="`leaders_only`")},
    )
    def get(self, request, slug):
        team = selectors.team_get(slug)
        if not selectors.is_leader(team, request.user):
            raise Forbidden(TeamError.LEADERS_ONLY, "only the team's leaders see its requests")
        rows = [
            {
                "id": r.pk,
                "username": r.user.username,
                "message": r.message,
                "created_at": r.created_at,
            }
            for r in selectors.pending_requests(team)
        ]
        return Response({"results": rows})


class TeamRequestDecideApi(APIView):
    """Leaders: accept (the player joins and is told) or decline a join request."""

    permission_classes = [IsAuthenticated]
    decision = ""

    def post(self, request, slug, request_id):
        team_id = _team_id(slug)
        if self.decision == "accept":
            services.team_request_accept(team_id=team_id, request_id=request_id, user=request.user)
        else:
            services.team_request_decline(team_id=team_id, request_id=request_id, user=request.user)
        return _detail(request, team_id)


DECIDE_RESPONSES = {
    200: TeamDetailOutput,
    **error_responses(
        401,
        403,
        404,
        409,
        e403="`leaders_only`",
        e409="`request_not_pending`, `team_closed`, `too_many_teams`, `team_full`",
    ),
}


class TeamRequestAcceptApi(TeamRequestDecideApi):
    decision = "accept"

    @operation("teams_request_accept", request=None, responses=DECIDE_RESPONSES)
    def post(self, request, slug, request_id):
        return super().post(request, slug, request_id)


class TeamRequestDeclineApi(TeamRequestDecideApi):
    decision = "decline"

    @operation("teams_request_decline", request=None, responses=DECIDE_RESPONSES)
    def post(self, request, slug, request_id):
        return super().post(request, slug, request_id)


class TeamMemberActionApi(APIView):
    """Leaders: remove a member (a leader is demoted first; the removed player may come back
    only by a request a leader accepts), make a member a leader, or a leader a member again
    (the founder only by themselves)."""

    permission_classes = [IsAuthenticated]
    action = ""
    SERVICES = {
        "remove": services.team_member_remove,
        "promote": services.team_leader_promote,
        "demote": services.team_leader_demote,
    }

    def post(self, request, slug, username):
        team_id = _team_id(slug)
        self.SERVICES[self.action](team_id=team_id, user=request.user, username=username)
        return _detail(request, team_id)


def _member_responses(e403: str, e409: str, e400: str = ""):
    codes = {"e403": e403, "e409": e409}
    statuses = [401, 403, 404, 409]
    if e400:
        codes["e400"] = e400
        statuses.insert(0, 400)
    return {200: TeamDetailOutput, **error_responses(*statuses, **codes)}


class TeamMemberRemoveApi(TeamMemberActionApi):
    action = "remove"

    @operation(
        "teams_member_remove",
        request=None,
        responses=_member_responses(
            "`leaders_only`, `target_is_leader`", "`team_closed`", "`cannot_remove_self`"
        ),
    )
    def post(self, request, slug, username):
        return super().post(request, slug, username)


class TeamMemberPromoteApi(TeamMemberActionApi):
    action = "promote"

    @operation(
        "teams_member_promote",
        request=None,
        responses=_member_responses("`leaders_only`", "`already_leader`, `team_closed`"),
    )
    def post(self, request, slug, username):
        return super().post(request, slug, username)


class TeamMemberDemoteApi(TeamMemberActionApi):
    action = "demote"

    @operation(
        "teams_member_demote",
        request=None,
        responses=_member_responses(
            "`leaders_only`, `founder_protected`", "`not_a_leader`, `last_leader`, `team_closed`"
        ),
    )
    def post(self, request, slug, username):
        return super().post(request, slug, username)


class TeamChatStateApi(APIView):
    """Leaders: open or close the team's chat (closed: new messages are refused,
    ``team_chat_closed``; what was said stays readable by the members)."""

    permission_classes = [IsAuthenticated]
    open = True

    def post(self, request, slug):
        team_id = _team_id(slug)
        services.team_chat_set(team_id=team_id, user=request.user, open=self.open)
        return _detail(request, team_id)


class TeamChatOpenApi(TeamChatStateApi):
    open = True

    @operation("teams_chat_open", request=None, responses={200: TeamDetailOutput, **LEADER_ERRORS})
    def post(self, request, slug):
        return super().post(request, slug)


class TeamChatCloseApi(TeamChatStateApi):
    open = False

    @operation("teams_chat_close", request=None, responses={200: TeamDetailOutput, **LEADER_ERRORS})
    def post(self, request, slug):
        return super().post(request, slug)


class TeamCloseInput(serializers.Serializer):
    reason = serializers.CharField(max_length=4000, allow_blank=True)


@staff_action_schema(
    TAGS,
    "teams_staff_close",
    {
        200: TeamDetailOutput,
        **error_responses(
            400,
            401,
            403,
            404,
            409,
            e400="`reason_required`",
            e403="`staff_only`, `session_required`, `second_factor_required`",
            e409="`team_closed`",
        ),
    },
)
class TeamStaffCloseApi(StaffActionApi):
    """Staff: close a team, saying why: read-only, hidden from the list, its chat closed; its
    members are told."""

    Input = TeamCloseInput

    def act(self, request, data, slug):
        team = services.team_close(
            team_id=_team_id(slug), staff=request.user, reason=data["reason"]
        )
        return selectors.team_detail(team, request.user)
