"""The analysis endpoints: a finished game's analysis, and staff's fair-play signals of a
player (analysis.selectors). Included under /api/v1/ by config.urls."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.permissions import IsStaff
from accounts.permissions import StaffBySessionOnly
from accounts.permissions import acting_user
from accounts.selectors import player_get
from analysis import selectors
from core.api_views import PublicReadApi
from core.schema import error_responses
from core.schema import operations
from games import selectors as game_selectors

operation = operations(["analysis"])


class GameAnalysisApi(PublicReadApi):
    """A finished game's analysis (docs/analysis.md): per decision with a choice the expected
    outcome of every legal move from the seat's knowledge and the points lost against the best,
    per player the accuracy, per round each seat's luck (dealt hand, draws) and skill."""

    class Output(serializers.Serializer):
        class Player(serializers.Serializer):
            seat = serializers.IntegerField()
            username = serializers.CharField()
            is_bot = serializers.BooleanField()
            accuracy = serializers.FloatField(allow_null=True)
            skill = serializers.FloatField(allow_null=True)

        status = serializers.ChoiceField(["pending", "done", "failed"])
        analysis = serializers.JSONField(
            allow_null=True, help_text="games.bots.analysis's result once done (docs/analysis.md)"
        )
        players = Player(many=True)

    @operation(
        "games_analysis",
        responses={
            200: Output,
            **error_responses(
                403,
                404,
                409,
                e403="`seed_hidden`: other tables still play this deal; `staff_has_stake`",
                e409="`game_not_finished`",
            ),
        },
    )
    def get(self, request, game_id):
        game = game_selectors.game_get(game_id)
        return Response(self.Output(selectors.game_analysis_for(game, acting_user(request))).data)


class FairPlayApi(APIView):
    """Staff: a player's fair-play signals over their recent analysed games — accuracy against
    the strong bot's (assistance), points handed to each opponent (soft-play, collusion).
    Signals for a person to look into; nothing acts on them."""

    permission_classes = [IsStaff, StaffBySessionOnly]

    class Output(serializers.Serializer):
        class Opponent(serializers.Serializer):
            username = serializers.CharField()
            is_bot = serializers.BooleanField()
            games = serializers.IntegerField()
            gift_per_game = serializers.FloatField()
            z = serializers.FloatField()
            signal = serializers.BooleanField()

        player = serializers.CharField()
        games = serializers.IntegerField()
        accuracy = serializers.FloatField(allow_null=True)
        bot_accuracy = serializers.FloatField(
            allow_null=True, help_text="the strong bot's here; null until 10 of its games"
        )
        assistance = serializers.BooleanField()
        opponents = Opponent(many=True)
        thresholds = serializers.DictField(child=serializers.FloatField())

    @operation(
        "audit_player_fair_play",
        responses={
            200: Output,
            **error_responses(401, 403, 404, e403="`staff_only`, `session_required`"),
        },
    )
    def get(self, request, username):
        user = player_get(username)
        return Response(self.Output(selectors.fair_play(user)).data)
