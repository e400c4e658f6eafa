"""Challenge endpoints (/api/v1/challenges...): thin views over games.challenges."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.utils import extend_schema
from drf_spectacular.utils import extend_schema_view
from rest_framework import serializers
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import IntegerField
from core.inputs import validated
from core.schema import ApiErrorSerializer
from core.schema import error_responses
from games import challenges
from games import services
from games import shapes
from games.models import Challenge

ERROR = ApiErrorSerializer


class ChallengeOutput(serializers.Serializer):
    id = serializers.IntegerField()
    challenger = serializers.CharField(source="challenger.username")
    challenged = serializers.CharField(source="challenged.username")
    players = serializers.IntegerField(help_text="the seats: the two players, then bots")
    bot_strategy = serializers.CharField(help_text="the bots' strategy, for seats beyond two")
    hand_table = serializers.CharField()
    variants = shapes.VariantsField()
    time_control = shapes.TimeControlField()
    rated = serializers.BooleanField()
    status = serializers.SerializerMethodField(
        help_text="pending, accepted, declined, cancelled or expired"
    )
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)
    game = serializers.UUIDField(
        source="game_id", allow_null=True, help_text="the table an accepted challenge opened"
    )

    def get_status(self, challenge) -> str:
        return challenges.status_of(challenge)


class ChallengeListOutput(serializers.Serializer):
    incoming = ChallengeOutput(many=True, help_text="sent to the caller, newest first")
    outgoing = ChallengeOutput(many=True, help_text="sent by the caller, newest first")


def _one(challenge: Challenge) -> dict:
    fresh = Challenge.objects.select_related("challenger", "challenged").get(pk=challenge.pk)
    return ChallengeOutput(fresh).data


class ChallengeListApi(APIView):
    """The caller's challenges, and sending one."""

    permission_classes = [IsAuthenticated]

    class Input(serializers.Serializer):
        username = serializers.CharField(max_length=150, help_text="the player challenged")
        players = IntegerField(min_value=2, max_value=14, default=2)
        bot_strategy = serializers.ChoiceField(list(services.BOT_STRATEGIES), default="greedy")
        hand_table = serializers.ChoiceField(["classic", "double12"], default="classic")
        variants = shapes.VariantsField(required=False, default=dict)
        time_control = shapes.TimeControlInputField(required=False, default=dict)
        rated = serializers.BooleanField(default=False)

    @extend_schema(operation_id="challenges_list", responses={200: ChallengeListOutput, 401: ERROR})
    def get(self, request):
        return Response(ChallengeListOutput(challenges.challenge_list_for(request.user)).data)

    @extend_schema(
        operation_id="challenges_create",
        request=Input,
        responses={
            201: ChallengeOutput,
            **error_responses(400, 401, 403, 404),
            409: OpenApiResponse(ERROR, description="`too_many_challenges`: cancel one first"),
            429: ERROR,
        },
        description="400 `challenge_self`, `challenge_bot`, `player_gone`, `invalid_ruleset`, "
        "`invalid_time_control`; 403 `not_eligible_for_rated`; 404 `not_found` (no such "
        "player). The challenged player is notified (kind `challenge`).",
    )
    def post(self, request):
        data = validated(self.Input, request)
        made = challenges.challenge_create(user=request.user, **data)
        return Response(_one(made), status=status.HTTP_201_CREATED)


ANSWER_RESPONSES = {
    200: ChallengeOutput,
    **error_responses(401, 403, 404),
    409: OpenApiResponse(ERROR, description="`challenge_expired`, `challenge_not_pending`"),
}


def _answer_schema(description):
    """Document an answer to a challenge: no body; the challenge answers."""
    return extend_schema_view(
        post=extend_schema(request=None, responses=ANSWER_RESPONSES, description=description)
    )


# One of the two players answers a challenge (accept, decline, cancel) and gets it back. No
# docstring: drf-spectacular would give it to each subclass's operation as its description.
class _AnswerApi(APIView):
    permission_classes = [IsAuthenticated]

    def answer(self, *, challenge_id, user) -> Challenge:
        raise NotImplementedError

    def post(self, request, challenge_id):
        return Response(_one(self.answer(challenge_id=challenge_id, user=request.user)))


@_answer_schema(
    "The challenged player accepts: the private table opens with both seated (and the bots) "
    "and starts; `game` is its id. 403 `not_challenged`, `not_eligible_for_rated`; 404 to "
    "anyone not one of its two players."
)
class ChallengeAcceptApi(_AnswerApi):
    answer = staticmethod(challenges.challenge_accept)


@_answer_schema("403 `not_challenged`.")
class ChallengeDeclineApi(_AnswerApi):
    answer = staticmethod(challenges.challenge_decline)


@_answer_schema("403 `not_challenger`.")
class ChallengeCancelApi(_AnswerApi):
    answer = staticmethod(challenges.challenge_cancel)
