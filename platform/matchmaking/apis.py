"""The quick-pairing REST API (/api/v1/pools...): thin views over services and selectors.

The grid is public and holds counts only (never who waits, nor their ratings); a player acts
on their own ticket alone — there is no ticket id to name someone else's.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api_views import PublicReadApi
from core.fields import IntegerField
from core.inputs import validated
from core.schema import error_responses
from core.schema import operations
from core.throttling import MoveRateThrottle
from games import shapes
from matchmaking import pairing
from matchmaking import selectors
from matchmaking import services

TAGS = ["pools"]
operation = operations(TAGS)
CHOICES = ", ".join(str(c) for c in services.BOTS_AFTER_CHOICES)


class WaitingOutput(serializers.Serializer):
    rated = serializers.IntegerField(help_text="players waiting for a rated table")
    casual = serializers.IntegerField(help_text="players waiting for a casual table")


class PoolOutput(serializers.Serializer):
    key = serializers.CharField(help_text='stable, e.g. "4p-60s": seats and time control')
    seats = serializers.IntegerField()
    kind = serializers.CharField(help_text="live | correspondence (the rating it counts for)")
    time_control = shapes.TimeControlField()
    waiting = WaitingOutput()


class WindowOutput(serializers.Serializer):
    start = serializers.IntegerField(help_text="± rating points at the join")
    step = serializers.IntegerField(help_text="added every `every` seconds of waiting")
    every = serializers.IntegerField()
    cap = serializers.IntegerField(help_text="the widest window before `max_wait`")
    max_wait = serializers.IntegerField(help_text="seconds after which any rating is accepted")


class GridOutput(serializers.Serializer):
    pools = PoolOutput(many=True)
    at = serializers.DateTimeField(help_text="when counted: keep the newest grid")
    window = WindowOutput()
    bots_after_choices = serializers.ListField(child=serializers.IntegerField())


class TicketOutput(serializers.Serializer):
    status = serializers.ChoiceField(["none", "waiting", "seated"])
    pool = serializers.CharField(allow_null=True)
    rated = serializers.BooleanField(
        allow_null=True, help_text="waiting: the queue chosen; seated: whether the game is rated"
    )
    bots_after = serializers.IntegerField(allow_null=True)
    joined_at = serializers.DateTimeField(allow_null=True, help_text="waiting since")
    waited_seconds = serializers.FloatField(allow_null=True)
    game = serializers.UUIDField(
        allow_null=True, help_text="seated: the unfinished quick game the caller plays"
    )


def _grid() -> dict:
    return {
        **selectors.pools_grid(),
        "window": {
            "start": pairing.WINDOW_START,
            "step": pairing.WINDOW_STEP,
            "every": pairing.WINDOW_EVERY,
            "cap": pairing.WINDOW_CAP,
            "max_wait": pairing.MAX_WAIT,
        },
        "bots_after_choices": list(services.BOTS_AFTER_CHOICES),
    }


class PoolGridApi(PublicReadApi):
    @operation("pools_grid", responses={200: GridOutput})
    def get(self, request):
        return Response(_grid())


class PoolJoinApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MoveRateThrottle]

    class Input(serializers.Serializer):
        rated = serializers.BooleanField(default=False, help_text="rated only meets rated")
        bots_after = IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text=f"fill the table with bots after this many seconds ({CHOICES}); "
            "such a table is casual. null: people only",
        )

    @operation(
        "pools_join",
        parameters=[
            OpenApiParameter(
                "pool", str, OpenApiParameter.PATH, description='a pool\'s key, e.g. "4p-60s"'
            )
        ],
        request=Input,
        responses={
            201: TicketOutput,
            **error_responses(
                400,
                401,
                403,
                404,
                409,
                e400="`invalid_bots_after`",
                e403="`not_eligible_for_rated`, `bots_not_allowed`, `play_ban` (until "
                "`ban.ends_at`: no-shows and early leaves)",
                e404="`unknown_pool`",
                e409="`already_waiting` (one ticket across every pool; `pool` names it), "
                "`at_a_live_table` (an unfinished live game: a quick, tournament or arena "
                "table…; `game` names it)",
            ),
        },
    )
    def post(self, request, pool):
        data = validated(self.Input, request)
        services.pool_join(user=request.user, pool=pool, **data)
        return Response(selectors.pool_ticket_of(request.user), status=status.HTTP_201_CREATED)


class PoolTicketApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [MoveRateThrottle]

    @operation("pools_ticket", responses={200: TicketOutput, **error_responses(401)})
    def get(self, request):
        return Response(selectors.pool_ticket_of(request.user))

    @operation(
        "pools_leave",
        request=None,
        responses={
            200: TicketOutput,
            **error_responses(401, 404, e404="`not_waiting`: no ticket (or seated already)"),
        },
    )
    def delete(self, request):
        services.pool_leave(user=request.user)
        return Response(selectors.pool_ticket_of(request.user))
