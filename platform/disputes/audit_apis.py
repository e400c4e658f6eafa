"""The staff audit of games (/api/v1/audit/games/<id>...): read any game move by move with
every hidden tile, and adjudicate it (void, award, restart a round, reverse its ratings).

Thin views over ``games.audit`` and ``disputes.adjudication``. For staff only (401 without a
login, 403 ``staff_only`` for anyone else); they refuse a staff member any game they played
(403 ``own_game``) and, while its deal is hidden, any game they have a stake in (403
``staff_has_stake``: a seat at a table dealt the same tiles, an active entry in its tournament;
games.stakes). Every audit read is appended to the staff trail, with the seq it showed
(games.staff). Staff reach every endpoint here by the browser session only: with an API token
they get 403 ``session_required`` (accounts.permissions).
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.names import public_name
from accounts.permissions import IsStaff
from accounts.permissions import StaffBySessionOnly
from accounts.staff_api import StaffActionApi
from accounts.staff_api import staff_action_schema
from chat.selectors import game_chat_audit
from chat.selectors import message_json
from core.errors import Forbidden
from core.fields import IntegerField
from core.inputs import whole_number
from core.schema import error_responses
from core.schema import operations
from core.throttling import ReadRateThrottle
from disputes import adjudication
from disputes import selectors
from disputes import services
from disputes.models import StaffActionKind
from games import audit
from games import selectors as game_selectors
from games import staff
from games import stakes
from games.shapes import GameResultField
from games.shapes import Record

AUDIT_TAGS = ["audit"]
operation = operations(AUDIT_TAGS)
ANY_JSON = OpenApiResponse(OpenApiTypes.OBJECT)


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
    first failing event named), the adjudications and the staff actions on it, and its chat
    (both channels, each message with the seq it was said at)."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @operation("audit_game", responses={200: ANY_JSON, **AUDIT_READ_ERRORS})
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        staff.staff_hidden_read(user=request.user, game=game, action=StaffActionKind.AUDIT_VIEWED)
        body = audit.audit_summary(game)
        body["staff_actions"] = StaffActionOutput(
            selectors.staff_actions_for_game(game), many=True
        ).data
        body["disputes"] = [
            {
                "id": d.pk,
                "status": d.status,
                "category": d.category,
                "opened_by": public_name(d.opened_by),
            }
            for d in selectors.dispute_list_for(request.user, game_id=game.pk)
        ]
        # Both channels, in the order said, each with the seq it was said at (chat.selectors).
        names = game_selectors.table_names(game.pk)
        body["chat"] = [message_json(m, names) for m in game_chat_audit(game)]
        return Response(body)


SEAT_PARAM = OpenApiParameter(
    "seat", str, description="`all` (every hand and the boneyard; default), `spectator`, or a seat"
)


class AuditStepsApi(APIView):
    """Staff: the game step by step — each event in full with its actor and time, and the
    position after it (`seat`: every hand, or exactly what one seat or a spectator saw)."""

    permission_classes = [IsStaff, StaffBySessionOnly]
    throttle_classes = [ReadRateThrottle]

    @operation(
        "audit_steps",
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
        after = whole_number(request, "after", default=0)
        limit = whole_number(request, "limit")
        body = audit.audit_steps(game, seat=seat, after=after, limit=limit)
        shown = [s["seq"] for s in body["steps"]]
        staff.staff_hidden_read(
            user=request.user,
            game=game,
            action=StaffActionKind.AUDIT_STEPS_VIEWED,
            seq=shown[-1] if shown else after,
            data={"seat": seat, "after": after, "upto": shown[-1] if shown else None},
        )
        return Response(body)


class AuditPositionApi(APIView):
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`)."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @operation(
        "audit_position",
        parameters=[SEAT_PARAM],
        responses={200: ANY_JSON, **error_responses(400), **AUDIT_READ_ERRORS},
    )
    def get(self, request, game_id, seq):
        game = _audited_game(request, game_id)
        seat = audit.parse_seat(request.query_params.get("seat"), game.players)
        body = audit.audit_position(game, seq, seat)
        staff.staff_hidden_read(
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

    @operation(
        "audit_record",
        responses={
            200: OpenApiResponse(Record, description="the full record (every hand)"),
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
    staff = serializers.SerializerMethodField()
    action = serializers.CharField()
    game = serializers.UUIDField(source="game_id", allow_null=True)
    dispute = serializers.IntegerField(source="dispute_id", allow_null=True)
    seq = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    data = serializers.JSONField()
    created_at = serializers.DateTimeField()

    def get_staff(self, action) -> str:
        return public_name(action.staff)


class AuditActionsApi(APIView):
    """Staff: the staff actions on a game, newest first."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    @operation("audit_actions", responses={200: StaffActionOutput(many=True), **AUDIT_READ_ERRORS})
    def get(self, request, game_id):
        game = _audited_game(request, game_id)
        return Response(StaffActionOutput(selectors.staff_actions_for_game(game), many=True).data)


class AdjudicationOutput(serializers.Serializer):
    seq = serializers.IntegerField(source="event.seq")
    type = serializers.CharField(source="event.type")
    status = serializers.CharField(source="game.status")
    result = GameResultField(source="game.result", allow_null=True)


class AdjudicationInput(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)
    dispute = IntegerField(required=False, allow_null=True, help_text="the dispute this answers")


class _AdjudicationApi(StaffActionApi):
    """An adjudication of the game: recorded in its log with the staff member and the reason
    (and the dispute it answers), never a rewrite of it."""

    Input = AdjudicationInput
    status_code = status.HTTP_201_CREATED

    def adjudicate(self, **kwargs):
        raise NotImplementedError

    def act(self, request, data, game_id):
        _audited_game(request, game_id)  # nobody adjudicates a game they played or have a stake in
        dispute_id = data.pop("dispute", None)
        done = self.adjudicate(game_id=game_id, by=request.user, dispute_id=dispute_id, **data)
        return AdjudicationOutput(done).data


def _adjudication_schema(operation_id, description):
    """Document an adjudication: 201 with what it appended; the audit's errors and its own."""
    responses = {201: AdjudicationOutput, **AUDIT_WRITE_ERRORS}
    return staff_action_schema(AUDIT_TAGS, operation_id, responses, description=description)


@_adjudication_schema("audit_void", "409: `already_void`.")
class AuditVoidApi(_AdjudicationApi):
    """Staff: void the game (status `void`, no result; its rating changes reversed)."""

    adjudicate = staticmethod(adjudication.adjudicate_void)


class AuditAwardInput(AdjudicationInput):
    places = serializers.ListField(child=IntegerField(min_value=1), min_length=2)


@_adjudication_schema("audit_award", "400: `invalid_places`. 409: `game_void`, `already_awarded`.")
class AuditAwardApi(_AdjudicationApi):
    """Staff: award the game a result (`places[s]` is seat s's place; ties share a place)."""

    Input = AuditAwardInput
    adjudicate = staticmethod(adjudication.adjudicate_award)


class AuditRestartRoundInput(AdjudicationInput):
    at_seq = IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="optional: the event of the current round found at fault (recorded; "
        "refused if the game has moved on to another round since)",
    )


@_adjudication_schema(
    "audit_restart_round",
    "400: `invalid_seq`. 409: `game_not_active`, `round_not_in_play`, "
    "`already_restarted` (nothing played since the last restart).",
)
class AuditRestartRoundApi(_AdjudicationApi):
    """Staff: deal the current round of a game in play again, from fresh tiles (restart k of
    round r is dealt from `SHA-256(seed ‖ "mexican-train/redeal" ‖ u32be(r) ‖ u32be(k))`); its
    moves so far no longer count, earlier rounds' scores stand."""

    Input = AuditRestartRoundInput
    adjudicate = staticmethod(adjudication.adjudicate_restart_round)


@_adjudication_schema("audit_reverse_ratings", "409: `not_rated`, `ratings_not_applied`.")
class AuditReverseRatingsApi(_AdjudicationApi):
    """Staff: undo the rating changes of a rated game; its result stands."""

    adjudicate = staticmethod(adjudication.adjudicate_reverse_ratings)
