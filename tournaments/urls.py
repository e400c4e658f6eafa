"""Tournament endpoints, included under /api/v1/ by config.urls."""

from django.urls import path

from tournaments import apis
from tournaments import export_apis
from tournaments import series_apis

app_name = "tournaments"

urlpatterns = [
    path("tournaments", apis.TournamentListApi.as_view(), name="list"),
    path("tournaments/play-ban", apis.PlayBanMineApi.as_view(), name="play-ban"),
    path("tournaments/<int:tournament_id>", apis.TournamentDetailApi.as_view(), name="detail"),
    path(
        "tournaments/<int:tournament_id>/register",
        apis.TournamentRegisterApi.as_view(),
        name="register",
    ),
    path(
        "tournaments/<int:tournament_id>/withdraw",
        apis.TournamentWithdrawApi.as_view(),
        name="withdraw",
    ),
    path(
        "tournaments/<int:tournament_id>/check-in",
        apis.TournamentCheckInApi.as_view(),
        name="check-in",
    ),
    path(
        "tournaments/<int:tournament_id>/standings",
        apis.TournamentStandingsApi.as_view(),
        name="standings",
    ),
    path("tournament-series", series_apis.SeriesListApi.as_view(), name="series-list"),
    path(
        "tournament-series/<int:series_id>",
        series_apis.SeriesDetailApi.as_view(),
        name="series-detail",
    ),
    path(
        "tournaments/<int:tournament_id>/standings.json",
        export_apis.TournamentStandingsJsonApi.as_view(),
        name="standings-json",
    ),
    path(
        "tournaments/<int:tournament_id>/standings.csv",
        export_apis.TournamentStandingsCsvApi.as_view(),
        name="standings-csv",
    ),
]
