"""The standings export (GET /api/v1/tournaments/<id>/standings.json and .csv): thin views
over tournaments.exports."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.response import Response

from core.api_views import PublicReadApi
from core.schema import error_responses
from core.schema import operations
from tournaments import exports
from tournaments import selectors

operation = operations(["tournaments"])


class TieBreaksOutput(serializers.Serializer):
    table_wins = serializers.IntegerField()
    opponent_points = serializers.FloatField(help_text="mean points of the tablemates met")
    game_score = serializers.IntegerField(help_text="total game score over every table")
    head_to_head = serializers.IntegerField()
    seed = serializers.IntegerField(allow_null=True, help_text="the seed order, 1 first")


class ExportLineOutput(serializers.Serializer):
    place = serializers.IntegerField()
    player = serializers.CharField()
    is_bot = serializers.BooleanField()
    stand_in_for = serializers.CharField(allow_null=True)
    points = serializers.FloatField()
    points_exact = serializers.CharField(help_text='exact points, a fraction such as "5/6"')
    games = serializers.IntegerField()
    forfeits = serializers.IntegerField()
    tie_breaks = TieBreaksOutput(help_text="by name, in the order they break ties")
    last_round = serializers.IntegerField(allow_null=True)


class StandingsExportOutput(serializers.Serializer):
    tournament = serializers.IntegerField()
    name = serializers.CharField()
    format = serializers.CharField()
    status = serializers.CharField()
    round = serializers.IntegerField(help_text="the latest round with a finished table shown")
    tables = serializers.IntegerField(help_text="finished tables counted")
    final = serializers.BooleanField()
    points_scheme = serializers.CharField(allow_null=True)
    tie_breaks = serializers.ListField(
        child=serializers.CharField(), help_text="the tie-break names, in chain order"
    )
    lines = ExportLineOutput(many=True, help_text="best first; empty before any result shows")


def _attachment(response, tournament, extension: str):
    name = exports.export_filename(tournament, extension)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


class TournamentStandingsJsonApi(PublicReadApi):
    @operation(
        "tournament_standings_json",
        responses={200: StandingsExportOutput, **error_responses(404)},
        description="The standings with every tie-break, as the tournament page shows them (a "
        "duplicate deal group's tables count once every table of it has finished).",
    )
    def get(self, request, tournament_id):
        tournament = selectors.tournament_get(tournament_id)
        response = Response(exports.standings_export(tournament))
        return _attachment(response, tournament, "json")


class TournamentStandingsCsvApi(PublicReadApi):
    @operation(
        "tournament_standings_csv",
        responses={
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR,
                description="a header row (place, player, is_bot, stand_in_for, points, "
                "points_exact, games, forfeits, the tie-breaks by name, last_round), then one "
                "row per player, best first",
            ),
            **error_responses(404),
        },
    )
    def get(self, request, tournament_id):
        tournament = selectors.tournament_get(tournament_id)
        body = exports.standings_csv(exports.standings_export(tournament))
        response = HttpResponse(body, content_type="text/csv; charset=utf-8")
        return _attachment(response, tournament, "csv")
