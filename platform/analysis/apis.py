"""Analysis endpoints: a finished game's analysis, and the staff's fair-play signals."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import StaffBySessionOnly, acting_user
from analysis import selectors
from core.schema import error_responses
from core.throttling import ReadRateThrottle
from games.audit_apis import IsStaff
from games.selectors import game_get
from ratings.selectors import player_get

TAGS = ["analysis"]


class GameAnalysisApi(APIView):
    """A finished game's analysis (games.bots.analysis): each multi-option decision judged
    against the best move from the seat's knowledge, and per round how much was luck."""

    permission_classes = [AllowAny]
    throttle_classes = [ReadRateThrottle]

    class Output(serializers.Serializer):
        class Player(serializers.Serializer):
            seat = serializers.IntegerField()
            username = serializers.CharField()
            is_bot = serializers.BooleanField()
            accuracy = serializers.FloatField(allow_null=True, help_text="0-100; null if pending")
            skill = serializers.FloatField(
                allow_null=True, help_text="luck-adjusted; null if pending"
            )

        status = serializers.ChoiceField(["pending", "done", "failed"])
        analysis = serializers.JSONField(
            allow_null=True, help_text="the core's dict (analysis contract); null unless done"
        )
        players = Player(many=True)

    @extend_schema(
        tags=TAGS,
        operation_id="games_analysis",
        responses={
            200: Output,
            **error_responses(403, 404, 409, e403="`seed_hidden`", e409="`game_not_finished`"),
        },
    )
    def get(self, request, game_id):
        game = game_get(game_id)
        return Response(self.Output(selectors.game_analysis_for(game, acting_user(request))).data)


class FairPlayApi(APIView):
    """Staff: a player's fair-play signals over their last analysed games. Signals only."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    class Output(serializers.Serializer):
        class Opponent(serializers.Serializer):
            username = serializers.CharField()
            is_bot = serializers.BooleanField()
            games = serializers.IntegerField()
            gift_per_game = serializers.FloatField()
            z = serializers.FloatField(help_text="against the player's gifts to every opponent")
            signal = serializers.BooleanField()

        player = serializers.CharField()
        games = serializers.IntegerField()
        accuracy = serializers.FloatField(allow_null=True)
        bot_accuracy = serializers.FloatField(help_text="the mc bot's, as reference")
        assistance = serializers.BooleanField(help_text="as accurate as the bot over >= 10 games")
        opponents = Opponent(many=True)

    @extend_schema(
        tags=["audit"],
        operation_id="audit_player_fair_play",
        responses={200: Output, **error_responses(401, 403, 404)},
    )
    def get(self, request, username):
        user = player_get(username)
        return Response(self.Output(selectors.fair_play(user)).data)
