"""Rating endpoints, included under /api/v1/ by config.urls."""

from core.routes import routes
from ratings.apis import PlayerProfileApi
from ratings.apis import PlayerRatingHistoryApi
from ratings.apis import RatingLeaderboardApi

app_name = "ratings"

urlpatterns = routes(
    ("ratings/leaderboard", RatingLeaderboardApi, "leaderboard"),
    ("players/<str:username>", PlayerProfileApi, "player"),
    ("players/<str:username>/rating-history", PlayerRatingHistoryApi, "rating-history"),
)
