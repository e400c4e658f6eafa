"""Disputes (/api/v1/disputes...) and the staff audit of games (/api/v1/audit/games/<id>...).

Thin views over services and selectors. The audit endpoints are for staff only (401 without a
login, 403 ``staff_only`` for anyone else); they refuse a staff member any game they played
(403 ``own_game``) and, while its deal is hidden, any game they have a stake in (403
``staff_has_stake``: a seat at a table dealt the same tiles, an active entry in its tournament;
games.stakes). Every audit read is appended to the staff trail, with the seq it showed.
Staff reach every endpoint here by the browser session only: with an API token they get 403
``session_required`` (accounts.permissions).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import StaffBySessionOnly
from core.errors import ApplicationError, Forbidden
from core.fields import IntegerField
from core.schema import error_responses
from core.throttling import DisputeMessageRateThrottle, ReadRateThrottle
from disputes import selectors, services
from disputes.models import DisputeCategory, DisputeStatus, StaffActionKind
from games import adjudication, audit, stakes
from games import selectors as game_selectors
from trust.receipts import MAX_RECEIPTS

DISPUTE_TAGS = ["disputes"]
AUDIT_TAGS = ["audit"]
ANY_JSON = OpenApiResponse(OpenApiTypes.OBJECT)


class IsStaff(BasePermission):
    """Staff only: anonymous callers get 401, players 403 ``staff_only``."""

    message = "Only staff may do this."
    code = "staff_only"

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)


def _valid(serializer_class, request):
    s = serializer_class(data=request.data)
    s.is_valid(raise_exception=True)
    return s.validated_data


# -- disputes ----------------------------------------------------------------------------------


class MessageOutput(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.CharField(source="author.username")
    from_staff = serializers.BooleanField()
    kind = serializers.CharField()
    body = serializers.CharField()
    created_at = serializers.DateTimeField()


class DisputeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.UUIDField(source="game.id")
    game_name = serializers.CharField(source="game.__str__")
    game_status = serializers.CharField(source="game.status")
    category = serializers.CharField()
    reason = serializers.CharField()
    seq = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    opened_by = serializers.CharField(source="opened_by.username")
    involved = serializers.SerializerMethodField()
    claimed_by = serializers.CharField(source="claimed_by.username", allow_null=True, default=None)
    resolution = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    awaiting_staff_since = serializers.SerializerMethodField()

    def get_involved(self, dispute) -> list[str]:
        return sorted(u.username for u in dispute.involved.all())

    def get_awaiting_staff_since(self, dispute) -> str | None:
        since = selectors.awaiting_staff_since(dispute)
        return since.isoformat() if since else None


class ReceiptCheckOutput(serializers.Serializer):
    id = serializers.IntegerField()
    message = serializers.IntegerField(source="message_id", allow_null=True)
    submitted_by = serializers.CharField(source="submitted_by.username")
    checked_at = serializers.DateTimeField()
    head_seq = serializers.IntegerField(help_text="the log's head when checked")
    matches = serializers.BooleanField(help_text="the log matched every receipt then")
    results = serializers.JSONField(help_text="per receipt: index, seq, verdict, detail")


class DisputeDetailOutput(DisputeOutput):
    messages = MessageOutput(many=True, source="messages.all")
    receipt_checks = ReceiptCheckOutput(
        many=True,
        source="receipt_checks.all",
        help_text="move receipts attached, with what checking them against the log said",
    )


def _receipts_field():
    return serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        min_length=1,
        max_length=MAX_RECEIPTS,
        help_text="move receipts (as the move answers gave them) to check against the log "
        "and keep with the dispute",
    )


def _detail(dispute_id, user):
    return DisputeDetailOutput(selectors.dispute_detail(dispute_id, user)).data


class DisputeListApi(APIView):
    """A player's disputes, or for staff every dispute (the queue: longest waiting first)."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]
    throttle_classes = [DisputeMessageRateThrottle]  # POST: opening one is its first message

    class Input(serializers.Serializer):
        game = serializers.UUIDField()
        category = serializers.ChoiceField(DisputeCategory.values)
        reason = serializers.CharField(max_length=services.MAX_TEXT)
        seq = IntegerField(
            required=False, allow_null=True, min_value=1, help_text="the move it is about"
        )
        against = serializers.ListField(
            child=IntegerField(min_value=0),
            required=False,
            default=list,
            help_text="seats of the players it concerns: they join the thread",
        )
        receipts = _receipts_field()

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_list",
        parameters=[
            OpenApiParameter("status", str, enum=DisputeStatus.values),
            OpenApiParameter("game", OpenApiTypes.UUID),
        ],
        responses={
            200: DisputeOutput(many=True),
            **error_responses(400, 401, 403, e403="`session_required`"),
        },
    )
    def get(self, request):
        wanted = request.query_params.get("status") or None
        if wanted is not None and wanted not in DisputeStatus.values:
            raise ApplicationError("invalid", f"status must be one of {DisputeStatus.values}")
        game = request.query_params.get("game") or None
        if game is not None:
            game = serializers.UUIDField().run_validation(game)
        rows = selectors.dispute_list_for(request.user, status=wanted, game_id=game)
        return Response(DisputeOutput(rows, many=True).data)

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_open",
        request=Input,
        responses={
            201: DisputeDetailOutput,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                e400="`game_not_started`, `invalid_seq`, `invalid_seat`, `reason_required`",
                e403="`not_a_player`, `session_required`",
                e409="`dispute_already_open`",
            ),
        },
    )
    def post(self, request):
        data = _valid(self.Input, request)
        dispute = services.dispute_open(
            user=request.user,
            game_id=data["game"],
            category=data["category"],
            reason=data["reason"],
            seq=data.get("seq"),
            against=data["against"],
            receipts=data.get("receipts"),
        )
        return Response(_detail(dispute.pk, request.user), status=status.HTTP_201_CREATED)


class DisputeDetailApi(APIView):
    """One dispute with its thread (404 unless you are staff or a player in it; 403
    ``own_game`` to staff about a game they played, unless they are in it)."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_detail",
        responses={
            200: DisputeDetailOutput,
            **error_responses(401, 403, 404, e403="`own_game`, `session_required`"),
        },
    )
    def get(self, request, dispute_id):
        return Response(_detail(dispute_id, request.user))


class DisputeMessageApi(APIView):
    """Write in a dispute's thread."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]
    throttle_classes = [DisputeMessageRateThrottle]

    class Input(serializers.Serializer):
        body = serializers.CharField(max_length=services.MAX_TEXT)
        receipts = _receipts_field()

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_message",
        request=Input,
        responses={
            201: DisputeDetailOutput,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                e403="`own_game`, `session_required`",
                e409="`dispute_closed`",
            ),
        },
    )
    def post(self, request, dispute_id):
        data = _valid(self.Input, request)
        services.dispute_message_add(
            dispute_id=dispute_id,
            user=request.user,
            body=data["body"],
            receipts=data.get("receipts"),
        )
        return Response(_detail(dispute_id, request.user), status=status.HTTP_201_CREATED)


TRANSITION_ERRORS = error_responses(
    400,
    401,
    403,
    404,
    409,
    e403="`staff_only`; `own_game`: a dispute about a game you played; `staff_has_stake`; "
    "`session_required`: staff with an API token",
    e409="`invalid_transition` (with `status`)",
)


class DisputeClaimApi(APIView):
    """Staff: take an open dispute from the queue (open → under_review)."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_claim",
        request=None,
        responses={200: DisputeDetailOutput, **TRANSITION_ERRORS},
    )
    def post(self, request, dispute_id):
        services.dispute_claim(dispute_id=dispute_id, by=request.user)
        return Response(_detail(dispute_id, request.user))


class ResolutionInput(serializers.Serializer):
    resolution = serializers.CharField(max_length=services.MAX_TEXT)


class DisputeResolveApi(APIView):
    """Staff: close a dispute under review as resolved."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_resolve",
        request=ResolutionInput,
        responses={200: DisputeDetailOutput, **TRANSITION_ERRORS},
    )
    def post(self, request, dispute_id):
        data = _valid(ResolutionInput, request)
        services.dispute_resolve(
            dispute_id=dispute_id, by=request.user, resolution=data["resolution"]
        )
        return Response(_detail(dispute_id, request.user))


class DisputeRejectApi(APIView):
    """Staff: close a dispute under review as rejected."""

    permission_classes = [IsAuthenticated, StaffBySessionOnly]

    @extend_schema(
        tags=DISPUTE_TAGS,
        operation_id="dispute_reject",
        request=ResolutionInput,
        responses={200: DisputeDetailOutput, **TRANSITION_ERRORS},
    )
    def post(self, request, dispute_id):
        data = _valid(ResolutionInput, request)
        services.dispute_reject(
            dispute_id=dispute_id, by=request.user, resolution=data["resolution"]
        )
        return Response(_detail(dispute_id, request.user))


# -- the audit ---------------------------------------------------------------------------------

AUDIT_READ_ERRORS = error_responses(
    401, 403, 404, e403="`staff_only`, `own_game`, `staff_has_stake`, `session_required`"
)
AUDIT_WRITE_ERRORS = error_responses(
    400,
    401,
    403,
    404,
    409,
    e400="`reason_required`, `invalid_dispute`",
    e403="`staff_only`, `own_game`, `staff_has_stake`, `session_required`",
    e409="`game_not_started` and the operation's own codes",
)


def _audited_game(request, game_id):
    """Return the game for a staff member's audit; refuse one they played (its trail, its
    adjudication are not theirs to see or make) and one they have a stake in while its deal is
    hidden (games.stakes)."""
    game = game_selectors.game_get(game_id)
    if stakes.played(request.user, game):
        raise Forbidden(stakes.OWN_GAME, "staff do not audit a game they played")
    stakes.refuse_staff_with_stake(request.user, game)
    return game


class AuditGameApi(APIView):
    """Staff: a game's audit — table, seats and clocks, the integrity verdict (each check, the
    first failing event named), the adjudications and the staff actions on it."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS, operation_id="audit_game", responses={200: ANY_JSON, **AUDIT_READ_ERRORS}
    )
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        stakes.staff_hidden_read(user=request.user, game=game, action=StaffActionKind.AUDIT_VIEWED)
        body = audit.audit_summary(game)
        body["staff_actions"] = StaffActionOutput(
            selectors.staff_actions_for_game(game), many=True
        ).data
        body["disputes"] = [
            {
                "id": d.pk,
                "status": d.status,
                "category": d.category,
                "opened_by": d.opened_by.username,
            }
            for d in selectors.dispute_list_for(request.user, game_id=game.pk)
        ]
        return Response(body)


SEAT_PARAM = OpenApiParameter(
    "seat", str, description="`all` (every hand and the boneyard; default), `spectator`, or a seat"
)


class AuditStepsApi(APIView):
    """Staff: the game step by step — each event in full with its actor and time, and the
    position after it (`seat`: every hand, or exactly what one seat or a spectator saw)."""

    permission_classes = [IsStaff, StaffBySessionOnly]
    throttle_classes = [ReadRateThrottle]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_steps",
        parameters=[
            SEAT_PARAM,
            OpenApiParameter("after", int, description="steps with seq > after"),
            OpenApiParameter("limit", int, description="at most this many steps (default all)"),
        ],
        responses={200: ANY_JSON, **error_responses(400), **AUDIT_READ_ERRORS},
    )
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        seat = audit.parse_seat(request.query_params.get("seat"), game.players)
        after = _whole(request.query_params.get("after", "0"), "after")
        limit = request.query_params.get("limit")
        limit = _whole(limit, "limit") if limit else None
        body = audit.audit_steps(game, seat=seat, after=after, limit=limit)
        shown = [s["seq"] for s in body["steps"]]
        stakes.staff_hidden_read(
            user=request.user,
            game=game,
            action=StaffActionKind.AUDIT_STEPS_VIEWED,
            seq=shown[-1] if shown else after,
            data={"seat": seat, "after": after, "upto": shown[-1] if shown else None},
        )
        return Response(body)


def _whole(raw: str, name: str) -> int:
    if not raw.isdigit():
        raise ApplicationError(
            "invalid",
            f"{name} must be a whole number",
            extra={"fields": {name: ["a whole number"]}},
        )
    return int(raw)


class AuditPositionApi(APIView):
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`)."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_position",
        parameters=[SEAT_PARAM],
        responses={200: ANY_JSON, **error_responses(400), **AUDIT_READ_ERRORS},
    )
    def get(self, request, game_id, seq):
        game = _audited_game(request, game_id)
        seat = audit.parse_seat(request.query_params.get("seat"), game.players)
        body = audit.audit_position(game, seq, seat)
        stakes.staff_hidden_read(
            user=request.user,
            game=game,
            action=StaffActionKind.AUDIT_POSITION_VIEWED,
            seq=seq,
            data={"seat": seat},
        )
        return Response(body)


class AuditRecordApi(APIView):
    """Staff: the full record of any game (spec/game-record.md), every hand included."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_record",
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="spec/game-record.md"),
            **AUDIT_READ_ERRORS,
        },
    )
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        record = game_selectors.game_record_for(game, request.user)
        if not stakes.deal_hidden(game):
            # A hidden deal's full record is in the trail already (game_record_for puts it
            # there, whichever view asks); a public one's download is noted here.
            services.staff_action_record(
                staff=request.user,
                action=StaffActionKind.RECORD_DOWNLOADED,
                game=game,
                seq=game.version,
                data={"view": "audit_record"},
            )
        return Response(
            record,
            headers={"Content-Disposition": f'attachment; filename="game-{game.pk}.json"'},
        )


class StaffActionOutput(serializers.Serializer):
    id = serializers.IntegerField()
    staff = serializers.CharField(source="staff.username")
    action = serializers.CharField()
    game = serializers.UUIDField(source="game_id", allow_null=True)
    dispute = serializers.IntegerField(source="dispute_id", allow_null=True)
    seq = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    data = serializers.JSONField()
    created_at = serializers.DateTimeField()


class AuditActionsApi(APIView):
    """Staff: the staff actions on a game, newest first."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_actions",
        responses={200: StaffActionOutput(many=True), **AUDIT_READ_ERRORS},
    )
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        return Response(StaffActionOutput(selectors.staff_actions_for_game(game), many=True).data)


class AdjudicationOutput(serializers.Serializer):
    seq = serializers.IntegerField(source="event.seq")
    type = serializers.CharField(source="event.type")
    status = serializers.CharField(source="game.status")
    result = serializers.JSONField(source="game.result", allow_null=True)


class AdjudicationInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)
    dispute = IntegerField(required=False, allow_null=True, help_text="the dispute this answers")


def _adjudicate(request, game_id, serializer_class, service):
    _audited_game(request, game_id)  # nobody adjudicates a game they played or have a stake in
    data = dict(_valid(serializer_class, request))
    dispute_id = data.pop("dispute", None)
    done = service(game_id=game_id, by=request.user, dispute_id=dispute_id, **data)
    return Response(AdjudicationOutput(done).data, status=status.HTTP_201_CREATED)


class AuditVoidApi(APIView):
    """Staff: void the game (status `void`, no result; its rating changes reversed)."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_void",
        request=AdjudicationInput,
        responses={201: AdjudicationOutput, **AUDIT_WRITE_ERRORS},
        description="409: `already_void`.",
    )
    def post(self, request, game_id):
        return _adjudicate(request, game_id, AdjudicationInput, adjudication.adjudicate_void)


class AuditAwardApi(APIView):
    """Staff: award the game a result (`places[s]` is seat s's place; ties share a place)."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    class Input(AdjudicationInput):
        places = serializers.ListField(child=IntegerField(min_value=1), min_length=2)

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_award",
        request=Input,
        responses={201: AdjudicationOutput, **AUDIT_WRITE_ERRORS},
        description="400: `invalid_places`. 409: `game_void`, `already_awarded`.",
    )
    def post(self, request, game_id):
        return _adjudicate(request, game_id, self.Input, adjudication.adjudicate_award)


class AuditRestartRoundApi(APIView):
    """Staff: deal the current round of a game in play again, from fresh tiles (restart k of
    round r is dealt from `SHA-256(seed ‖ "mexican-train/redeal" ‖ u32be(r) ‖ u32be(k))`); its
    moves so far no longer count, earlier rounds' scores stand."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    class Input(AdjudicationInput):
        at_seq = IntegerField(
            min_value=1,
            required=False,
            allow_null=True,
            default=None,
            help_text="optional: the event of the current round found at fault (recorded; "
            "refused if the game has moved on to another round since)",
        )

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_restart_round",
        request=Input,
        responses={201: AdjudicationOutput, **AUDIT_WRITE_ERRORS},
        description="400: `invalid_seq`. 409: `game_not_active`, `round_not_in_play`, "
        "`already_restarted` (nothing played since the last restart).",
    )
    def post(self, request, game_id):
        return _adjudicate(request, game_id, self.Input, adjudication.adjudicate_restart_round)


class AuditReverseRatingsApi(APIView):
    """Staff: undo the rating changes of a rated game; its result stands."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @extend_schema(
        tags=AUDIT_TAGS,
        operation_id="audit_reverse_ratings",
        request=AdjudicationInput,
        responses={201: AdjudicationOutput, **AUDIT_WRITE_ERRORS},
        description="409: `not_rated`, `ratings_not_applied`.",
    )
    def post(self, request, game_id):
        return _adjudicate(
            request, game_id, AdjudicationInput, adjudication.adjudicate_reverse_ratings
        )
