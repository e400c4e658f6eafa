"""Game endpoints under /api/v1/."""

from core.routes import routes
from games.apis import GameBotsApi
from games.apis import GameBotSeatApi
from games.apis import GameContributionApi
from games.apis import GameDetailApi
from games.apis import GameEventsApi
from games.apis import GameJoinApi
from games.apis import GameLeaveApi
from games.apis import GameListApi
from games.apis import GameMoveApi
from games.apis import GameReceiptsApi
from games.apis import GameRecordApi
from games.apis import GameRematchApi
from games.apis import GameResignApi
from games.apis import GameStartApi
from games.apis import GameStateApi
from games.challenge_apis import ChallengeAcceptApi
from games.challenge_apis import ChallengeCancelApi
from games.challenge_apis import ChallengeDeclineApi
from games.challenge_apis import ChallengeListApi
from games.clock_apis import GameMoreTimeApi
from games.clock_apis import VacationApi

urlpatterns = routes(
    ("games", GameListApi, "game-list"),
    ("games/<uuid:game_id>", GameDetailApi, "game-detail"),
    ("games/<uuid:game_id>/join", GameJoinApi, "game-join"),
    ("games/<uuid:game_id>/contribution", GameContributionApi, "game-contribution"),
    ("games/<uuid:game_id>/leave", GameLeaveApi, "game-leave"),
    ("games/<uuid:game_id>/bots", GameBotsApi, "game-bots"),
    ("games/<uuid:game_id>/bots/<int:seat>", GameBotSeatApi, "game-bot-seat"),
    ("games/<uuid:game_id>/start", GameStartApi, "game-start"),
    ("games/<uuid:game_id>/rematch", GameRematchApi, "game-rematch"),
    ("games/<uuid:game_id>/resign", GameResignApi, "game-resign"),
    ("games/<uuid:game_id>/moves", GameMoveApi, "game-moves"),
    ("games/<uuid:game_id>/more-time", GameMoreTimeApi, "game-more-time"),
    ("games/<uuid:game_id>/state", GameStateApi, "game-state"),
    ("games/<uuid:game_id>/events", GameEventsApi, "game-events"),
    ("games/<uuid:game_id>/record", GameRecordApi, "game-record"),
    ("games/<uuid:game_id>/receipts", GameReceiptsApi, "game-receipts"),
    ("me/vacation", VacationApi, "vacation"),
    # Challenges to a private table (games.challenge_apis).
    ("challenges", ChallengeListApi, "challenge-list"),
    ("challenges/<int:challenge_id>/accept", ChallengeAcceptApi, "challenge-accept"),
    ("challenges/<int:challenge_id>/decline", ChallengeDeclineApi, "challenge-decline"),
    ("challenges/<int:challenge_id>/cancel", ChallengeCancelApi, "challenge-cancel"),
)
