"""Tournament endpoints, included under /api/v1/ by config.urls."""

from core.routes import routes
from tournaments.apis import PlayBanMineApi
from tournaments.apis import TournamentBerserkApi
from tournaments.apis import TournamentCheckInApi
from tournaments.apis import TournamentDetailApi
from tournaments.apis import TournamentListApi
from tournaments.apis import TournamentPauseApi
from tournaments.apis import TournamentRegisterApi
from tournaments.apis import TournamentResumeApi
from tournaments.apis import TournamentStandingsApi
from tournaments.apis import TournamentWithdrawApi
from tournaments.export_apis import TournamentStandingsCsvApi
from tournaments.export_apis import TournamentStandingsJsonApi
from tournaments.series_apis import SeriesDetailApi
from tournaments.series_apis import SeriesListApi

app_name = "tournaments"

urlpatterns = routes(
    ("tournaments", TournamentListApi, "list"),
    ("tournaments/play-ban", PlayBanMineApi, "play-ban"),
    ("tournaments/<int:tournament_id>", TournamentDetailApi, "detail"),
    ("tournaments/<int:tournament_id>/register", TournamentRegisterApi, "register"),
    ("tournaments/<int:tournament_id>/withdraw", TournamentWithdrawApi, "withdraw"),
    ("tournaments/<int:tournament_id>/check-in", TournamentCheckInApi, "check-in"),
    ("tournaments/<int:tournament_id>/pause", TournamentPauseApi, "pause"),
    ("tournaments/<int:tournament_id>/resume", TournamentResumeApi, "resume"),
    ("tournaments/<int:tournament_id>/berserk", TournamentBerserkApi, "berserk"),
    ("tournaments/<int:tournament_id>/standings", TournamentStandingsApi, "standings"),
    ("tournament-series", SeriesListApi, "series-list"),
    ("tournament-series/<int:series_id>", SeriesDetailApi, "series-detail"),
    (
        "tournaments/<int:tournament_id>/standings.json",
        TournamentStandingsJsonApi,
        "standings-json",
    ),
    ("tournaments/<int:tournament_id>/standings.csv", TournamentStandingsCsvApi, "standings-csv"),
)
