"""The players' clocks over the API: more time for the opponent to move (games.more_time) and
correspondence vacations (RULES R24)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import IntegerField
from core.inputs import validated
from core.schema import ApiErrorSerializer
from core.schema import error_responses
from games import more_time
from games import services
from games.apis import MoveOutput
from games.apis import move_answer
from games.moves import MoreTimeInput
from games.moves import more_time_body

ERROR = ApiErrorSerializer


class GameMoreTimeApi(APIView):
    """Give the seat to move more time on its current move (games.more_time): 15 to 300 seconds
    at a live table, 86400 to 604800 (1 to 7 days) at a correspondence one. Logged as a
    MoreTimeGiven event every viewer sees; the game's `deadline` moves back by `seconds`."""

    permission_classes = [IsAuthenticated]

    Input = MoreTimeInput  # the socket's more_time command takes the same body (games.moves)

    @extend_schema(
        request=Input,
        responses={
            201: MoveOutput,
            **error_responses(
                400,
                403,
                409,
                429,
                e400="`invalid_more_time` (out of bounds: see `min`, `max`), `invalid_seat`, "
                "`more_time_to_self`, `game_over`, `game_not_started`",
                e403="`not_a_player`, `resigned`",
                e409="`more_time_not_to_move`, `more_time_no_clock` (the platform plays the "
                "seat), `more_time_limit` (see `limit`), `tournament_game`, `deadline_passed`",
                e429="`RATE_LIMIT_MORE_TIME`, REST and socket together",
            ),
        },
    )
    def post(self, request, game_id):
        data = more_time_body(request.data)
        result = more_time.game_give_more_time(game_id=game_id, user=request.user, **data)
        return move_answer(result, game_id, request.user)


class VacationApi(APIView):
    """Correspondence vacation (RULES R24): POST starts one now for ``days`` days, pausing the
    caller's correspondence clocks (each game up to its ``vacation_days``); DELETE ends it."""

    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        days = IntegerField(min_value=1, max_value=60)

    class Output(serializers.Serializer):
        vacation_from = serializers.DateTimeField(allow_null=True)
        vacation_until = serializers.DateTimeField(allow_null=True)

    @extend_schema(request=Input, responses={200: Output, 400: ERROR, 401: ERROR})
    def post(self, request):
        data = validated(self.Input, request)
        user = services.player_vacation_start(user=request.user, days=data["days"])
        return Response(self.Output(user).data)

    @extend_schema(request=None, responses={200: Output, 400: ERROR, 401: ERROR})
    def delete(self, request):
        user = services.player_vacation_end(user=request.user)
        return Response(self.Output(user).data)
