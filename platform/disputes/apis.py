"""Disputes (/api/v1/disputes...): thin views over services and selectors. (The staff audit
of games, /api/v1/audit/games/<id>..., is ``disputes.audit_apis``.)
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.names import Names
from accounts.permissions import StaffBySessionOnly
from accounts.staff_api import StaffActionApi
from accounts.staff_api import staff_action_schema
from chat.apis import ChatMessageOutput
from core.fields import IntegerField
from core.inputs import query
from core.inputs import validated
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.pagination import page_of
from core.pagination import paginate
from core.pagination import serialized
from core.schema import error_responses
from core.schema import operations
from core.throttling import DisputeMessageRateThrottle
from disputes import selectors
from disputes import services
from disputes.models import DisputeCategory
from disputes.models import DisputeStatus
from games.apis import RECEIPT_VERDICTS
from games.selectors import table_names
from games.shapes import ReceiptField
from trust.receipts import MAX_RECEIPTS

DISPUTE_TAGS = ["disputes"]
operation = operations(DISPUTE_TAGS)


# -- disputes ----------------------------------------------------------------------------------


def dispute_names(dispute) -> Names:
    """The names in a dispute: its game's table's (accounts.names), then anyone else's (staff),
    computed once per dispute."""
    names = getattr(dispute, "_names", None)
    if names is None:
        names = table_names(dispute.game_id)
        names.extend([dispute.opened_by, *dispute.involved.all(), dispute.claimed_by])
        names.extend(m.author for m in dispute.messages.all())
        dispute._names = names
    return names


class MessageOutput(serializers.Serializer):
    id = serializers.IntegerField()
    author = serializers.SerializerMethodField()
    from_staff = serializers.BooleanField()
    kind = serializers.CharField()
    body = serializers.CharField()
    created_at = serializers.DateTimeField()

    def get_author(self, message) -> str:
        return dispute_names(message.dispute).of(message.author)


class DisputeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.UUIDField(source="game.id")
    game_name = serializers.CharField(source="game.__str__")
    game_status = serializers.CharField(source="game.status")
    category = serializers.CharField()
    reason = serializers.CharField()
    seq = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    opened_by = serializers.SerializerMethodField()
    involved = serializers.SerializerMethodField()
    claimed_by = serializers.SerializerMethodField()
    resolution = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    closed_at = serializers.DateTimeField(allow_null=True)
    awaiting_staff_since = serializers.SerializerMethodField()

    def get_opened_by(self, dispute) -> str:
        return dispute_names(dispute).of(dispute.opened_by)

    def get_claimed_by(self, dispute) -> str | None:
        return dispute_names(dispute).of(dispute.claimed_by) if dispute.claimed_by else None

    def get_involved(self, dispute) -> list[str]:
        names = dispute_names(dispute)
        return sorted(names.of(u) for u in dispute.involved.all())

    @extend_schema_field(ChatMessageOutput(many=True))
    def get_reported_chat(self, dispute) -> list[dict]:
        from chat.selectors import message_json

        names = dispute_names(dispute)
        names.extend(r.message.author for r in dispute.chat_reports.all())
        return [message_json(r.message, names) for r in dispute.chat_reports.all()]

    def get_awaiting_staff_since(self, dispute) -> str | None:
        since = selectors.awaiting_staff_since(dispute)
        return since.isoformat() if since else None


class ReceiptCheckOutput(serializers.Serializer):
    id = serializers.IntegerField()
    message = serializers.IntegerField(source="message_id", allow_null=True)
    submitted_by = serializers.SerializerMethodField()
    checked_at = serializers.DateTimeField()
    head_seq = serializers.IntegerField(help_text="the log's head when checked")
    matches = serializers.BooleanField(help_text="the log matched every receipt then")
    results = RECEIPT_VERDICTS

    def get_submitted_by(self, check) -> str:
        return dispute_names(check.dispute).of(check.submitted_by)


class DisputeDetailOutput(DisputeOutput):
    messages = MessageOutput(many=True, source="messages.all")
    reported_chat = serializers.SerializerMethodField(
        help_text="the chat messages a report opened this dispute about (chat.services)"
    )
    receipt_checks = ReceiptCheckOutput(
        many=True,
        source="receipt_checks.all",
        help_text="move receipts attached, with what checking them against the log said",
    )


def _receipts_field():
    return serializers.ListField(
        child=ReceiptField(),
        required=False,
        min_length=1,
        max_length=MAX_RECEIPTS,
        help_text="move receipts (as the move answers gave them) to check against the log "
        "and keep with the dispute",
    )


def _detail(dispute_id, user):
    return DisputeDetailOutput(selectors.dispute_detail(dispute_id, user)).data


def _written(**codes: str) -> dict:
    """Document a write in a dispute (opening it, a message): 201 with its detail, or the
    errors any write can meet, with this write's own codes (``e403=`` …)."""
    return {201: DisputeDetailOutput, **error_responses(400, 401, 403, 404, 409, **codes)}


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

    class Query(NumberQuery):
        status = serializers.ChoiceField(DisputeStatus.values, required=False)
        game = serializers.UUIDField(required=False)

    @operation(
        "dispute_list",
        parameters=[Query],
        responses={
            200: page_of("DisputePage", DisputeOutput),
            **error_responses(400, 401, 403, e403="`session_required`"),
        },
    )
    def get(self, request):
        params = query(self.Query, request)
        rows = selectors.dispute_list_for(
            request.user, status=params.get("status"), game_id=params.get("game")
        )
        return paginate(
            request, rows, serialized(DisputeOutput), pagination=NumberPage(), view=self
        )

    @operation(
        "dispute_open",
        request=Input,
        responses=_written(
            e400="`game_not_started`, `invalid_seq`, `invalid_seat`, `reason_required`",
            e403="`not_a_player`, `session_required`",
            e409="`dispute_already_open`",
        ),
    )
    def post(self, request):
        data = validated(self.Input, request)
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

    @operation(
        "dispute_detail",
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

    @operation(
        "dispute_message",
        request=Input,
        responses=_written(e403="`own_game`, `session_required`", e409="`dispute_closed`"),
    )
    def post(self, request, dispute_id):
        data = validated(self.Input, request)
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


def _transition_schema(operation_id):
    """Document a staff transition of a dispute: the detail answers."""
    return staff_action_schema(
        DISPUTE_TAGS, operation_id, {200: DisputeDetailOutput, **TRANSITION_ERRORS}
    )


@_transition_schema("dispute_claim")
class DisputeClaimApi(StaffActionApi):
    """Staff: take an open dispute from the queue (open → under_review)."""

    def act(self, request, data, dispute_id):
        services.dispute_claim(dispute_id=dispute_id, by=request.user)
        return _detail(dispute_id, request.user)


class ResolutionInput(serializers.Serializer):
    resolution = serializers.CharField(max_length=services.MAX_TEXT)


@_transition_schema("dispute_resolve")
class DisputeResolveApi(StaffActionApi):
    """Staff: close a dispute under review as resolved."""

    Input = ResolutionInput
    close = staticmethod(services.dispute_resolve)

    def act(self, request, data, dispute_id):
        self.close(dispute_id=dispute_id, by=request.user, resolution=data["resolution"])
        return _detail(dispute_id, request.user)


@_transition_schema("dispute_reject")
class DisputeRejectApi(DisputeResolveApi):
    """Staff: close a dispute under review as rejected."""

    close = staticmethod(services.dispute_reject)
