"""Game endpoints under /api/v1/."""

from django.urls import path

from games import apis
from games import challenge_apis

urlpatterns = [
    path("games", apis.GameListApi.as_view(), name="game-list"),
    path("games/<uuid:game_id>", apis.GameDetailApi.as_view(), name="game-detail"),
    path("games/<uuid:game_id>/join", apis.GameJoinApi.as_view(), name="game-join"),
    path(
        "games/<uuid:game_id>/contribution",
        apis.GameContributionApi.as_view(),
        name="game-contribution",
    ),
    path("games/<uuid:game_id>/leave", apis.GameLeaveApi.as_view(), name="game-leave"),
    path("games/<uuid:game_id>/bots", apis.GameBotsApi.as_view(), name="game-bots"),
    path(
        "games/<uuid:game_id>/bots/<int:seat>", apis.GameBotSeatApi.as_view(), name="game-bot-seat"
    ),
    path("games/<uuid:game_id>/start", apis.GameStartApi.as_view(), name="game-start"),
    path("games/<uuid:game_id>/rematch", apis.GameRematchApi.as_view(), name="game-rematch"),
    path("games/<uuid:game_id>/resign", apis.GameResignApi.as_view(), name="game-resign"),
    path("games/<uuid:game_id>/moves", apis.GameMoveApi.as_view(), name="game-moves"),
    path("games/<uuid:game_id>/state", apis.GameStateApi.as_view(), name="game-state"),
    path("games/<uuid:game_id>/events", apis.GameEventsApi.as_view(), name="game-events"),
    path("games/<uuid:game_id>/record", apis.GameRecordApi.as_view(), name="game-record"),
    path("games/<uuid:game_id>/receipts", apis.GameReceiptsApi.as_view(), name="game-receipts"),
    path("me/vacation", apis.VacationApi.as_view(), name="vacation"),
    # Challenges to a private table (games.challenge_apis).
    path("challenges", challenge_apis.ChallengeListApi.as_view(), name="challenge-list"),
    path(
        "challenges/<int:challenge_id>/accept",
        challenge_apis.ChallengeAcceptApi.as_view(),
        name="challenge-accept",
    ),
    path(
        "challenges/<int:challenge_id>/decline",
        challenge_apis.ChallengeDeclineApi.as_view(),
        name="challenge-decline",
    ),
    path(
        "challenges/<int:challenge_id>/cancel",
        challenge_apis.ChallengeCancelApi.as_view(),
        name="challenge-cancel",
    ),
]
