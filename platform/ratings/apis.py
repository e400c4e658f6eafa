"""Rating endpoints under /api/v1/: the leaderboards, player profiles, rating histories."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from core.inputs import whole_number
from core.schema import error_responses
from ratings import selectors
from ratings.errors import RatingError
from ratings.models import RatingKind

TAGS = ["ratings"]
PAGE_SIZE = 50
MAX_PAGE_SIZE = 100

KIND_PARAMETER = OpenApiParameter(
    "kind",
    str,
    enum=RatingKind.values,
    description="which rating: live (default) or correspondence",
)
BAD_KIND = f"`{RatingError.INVALID_KIND}`: kind is not live or correspondence"


class RatingOutput(serializers.Serializer):
    kind = serializers.ChoiceField(RatingKind.values)
    rating = serializers.IntegerField(help_text="shown rating: 1500 + 20 × (mu − 3 sigma)")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    ordinal = serializers.FloatField(help_text="mu − 3 sigma; leaderboards sort by it")
    games = serializers.IntegerField(help_text="rated games of this kind that stand")
    provisional = serializers.BooleanField(help_text="fewer than 10 rated games")
    rank = serializers.IntegerField(allow_null=True, help_text="place on the leaderboard")
    updated_at = serializers.DateTimeField(allow_null=True)


class RatingLeaderboardApi(APIView):
    """The best rated people of one kind (bots excluded), best first, a page at a time."""

    permission_classes = (AllowAny,)

    class Output(serializers.Serializer):
        class Entry(serializers.Serializer):
            rank = serializers.IntegerField()
            username = serializers.CharField()
            rating = serializers.IntegerField()
            mu = serializers.FloatField()
            sigma = serializers.FloatField()
            games = serializers.IntegerField()
            provisional = serializers.BooleanField()
            updated_at = serializers.DateTimeField(allow_null=True)

        kind = serializers.ChoiceField(RatingKind.values)
        count = serializers.IntegerField(help_text="rated people on this leaderboard")
        page = serializers.IntegerField()
        page_size = serializers.IntegerField()
        pages = serializers.IntegerField()
        results = Entry(many=True)

    @extend_schema(
        tags=TAGS,
        operation_id="ratings_leaderboard",
        parameters=[
            KIND_PARAMETER,
            OpenApiParameter("page", int, description="from 1 (default 1)"),
            OpenApiParameter("page_size", int, description=f"1 to {MAX_PAGE_SIZE} (default 50)"),
        ],
        responses={200: Output, **error_responses(400, e400=BAD_KIND)},
    )
    def get(self, request):
        kind = selectors.rating_kind_parse(request.query_params.get("kind"))
        page = whole_number(request, "page", default=1, lo=1, hi=1_000_000)
        size = whole_number(request, "page_size", default=PAGE_SIZE, lo=1, hi=MAX_PAGE_SIZE)
        board = selectors.rating_leaderboard(kind=kind)
        count = board.count()
        offset = (page - 1) * size
        results = [
            {
                "rank": offset + i + 1,
                "username": r.user.username,
                "rating": r.display,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "provisional": r.provisional,
                "updated_at": r.updated_at,
            }
            for i, r in enumerate(board[offset : offset + size])
        ]
        body = {
            "kind": kind,
            "count": count,
            "page": page,
            "page_size": size,
            "pages": max(1, -(-count // size)),
            "results": results,
        }
        return Response(self.Output(body).data)


class PlayerProfileApi(APIView):
    """A player's public profile: their rating of each kind and how many games they played."""

    permission_classes = (AllowAny,)

    class Output(serializers.Serializer):
        class Games(serializers.Serializer):
            finished = serializers.IntegerField()
            rated = serializers.IntegerField()

        username = serializers.CharField()
        is_bot = serializers.BooleanField()
        joined = serializers.DateTimeField()
        games = Games()
        ratings = RatingOutput(many=True, help_text="one per kind; none for a bot")

    @extend_schema(
        tags=TAGS,
        operation_id="players_profile",
        responses={200: Output, **error_responses(404)},
    )
    def get(self, request, username):
        return Response(self.Output(selectors.player_profile(username=username)).data)


class PlayerRatingHistoryApi(APIView):
    """A player's rating after each standing rated game of one kind, oldest first."""

    permission_classes = (AllowAny,)

    class Output(serializers.Serializer):
        class Point(serializers.Serializer):
            game = serializers.UUIDField()
            at = serializers.DateTimeField()
            rating = serializers.IntegerField(help_text="shown rating after the game")
            change = serializers.IntegerField(help_text="shown rating change of the game")
            mu = serializers.FloatField()
            sigma = serializers.FloatField()
            place = serializers.IntegerField(help_text="rank rated; a player who left is last")
            players = serializers.IntegerField()
            left = serializers.BooleanField(help_text="resigned or forfeited")

        username = serializers.CharField()
        kind = serializers.ChoiceField(RatingKind.values)
        start = serializers.IntegerField(help_text="shown rating before the first point")
        points = Point(many=True)

    @extend_schema(
        tags=TAGS,
        operation_id="players_rating_history",
        parameters=[KIND_PARAMETER],
        responses={200: Output, **error_responses(400, 404, e400=BAD_KIND)},
    )
    def get(self, request, username):
        kind = selectors.rating_kind_parse(request.query_params.get("kind"))
        history = selectors.rating_history(username=username, kind=kind)
        return Response(self.Output(history).data)
