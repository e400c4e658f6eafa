"""Rating endpoints under /api/v1/: the leaderboards, player profiles, rating histories."""

from __future__ import annotations

from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from analysis.selectors import skill_indexes
from core.inputs import query
from core.pagination import NumberPage
from core.pagination import NumberQuery
from core.schema import error_responses
from core.schema import operations
from ratings import selectors
from ratings.models import RatingKind

operation = operations(["ratings"])


def kind_field():
    """Return the ``kind`` query parameter's field: live (default) or correspondence."""
    return serializers.ChoiceField(
        RatingKind.values,
        required=False,
        default=RatingKind.LIVE,
        help_text="which rating: live (default) or correspondence",
    )


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
            skill_index = serializers.FloatField(
                allow_null=True,
                help_text="luck-adjusted skill over analysed games (docs/analysis.md); null: none",
            )

        kind = serializers.ChoiceField(RatingKind.values)
        count = serializers.IntegerField(help_text="rated people on this leaderboard")
        page = serializers.IntegerField()
        page_size = serializers.IntegerField()
        pages = serializers.IntegerField()
        results = Entry(many=True)
        next = serializers.URLField(allow_null=True, help_text="the next page; null at the end")
        previous = serializers.URLField(allow_null=True, help_text="the page before, or null")

    class Query(NumberQuery):
        kind = kind_field()

    @operation(
        "ratings_leaderboard", parameters=[Query], responses={200: Output, **error_responses(400)}
    )
    def get(self, request):
        params = query(self.Query, request)
        kind = params["kind"]
        pagination = NumberPage()
        board = selectors.rating_leaderboard(kind=kind)
        page = pagination.paginate_queryset(board, request, view=self)
        offset = (pagination.page.number - 1) * pagination.page.paginator.per_page
        skill = skill_indexes(r.user_id for r in page)
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
                "skill_index": skill.get(r.user_id),
            }
            for i, r in enumerate(page)
        ]
        return pagination.get_paginated_response(
            self.Output.Entry(results, many=True).data,
            kind=kind,
            page=pagination.page.number,
            page_size=pagination.page.paginator.per_page,
            pages=pagination.page.paginator.num_pages,
        )


class PlayerProfileApi(APIView):
    """A player's public profile: their rating of each kind and how many games they played."""

    permission_classes = (AllowAny,)

    class Output(serializers.Serializer):
        class Games(serializers.Serializer):
            finished = serializers.IntegerField()
            rated = serializers.IntegerField()

        username = serializers.CharField()
        is_bot = serializers.BooleanField()
        bot_owner = serializers.CharField(
            allow_null=True, help_text="a bot a person owns: that person's username"
        )
        joined = serializers.DateTimeField()

        class Analysis(serializers.Serializer):
            class Recent(serializers.Serializer):
                game = serializers.UUIDField()
                finished_at = serializers.DateTimeField()
                accuracy = serializers.FloatField()
                skill = serializers.FloatField()

            games = serializers.IntegerField(help_text="analysed finished games")
            accuracy = serializers.FloatField(allow_null=True)
            skill_index = serializers.FloatField(
                allow_null=True, help_text="luck-adjusted skill (docs/analysis.md)"
            )
            recent = Recent(many=True, help_text="the last 20 analysed games, newest first")

        games = Games()
        ratings = RatingOutput(many=True, help_text="one per kind; none for a bot")
        analysis = Analysis()

    @operation("players_profile", responses={200: Output, **error_responses(404)})
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

    class Query(serializers.Serializer):
        kind = kind_field()

    @operation(
        "players_rating_history",
        parameters=[Query],
        responses={200: Output, **error_responses(400, 404)},
    )
    def get(self, request, username):
        kind = query(self.Query, request)["kind"]
        history = selectors.rating_history(username=username, kind=kind)
        return Response(self.Output(history).data)
