"""Rating endpoints, included under /api/v1/ by config.urls."""

from django.urls import path

from ratings import apis

app_name = "ratings"

urlpatterns = [
    path("ratings/leaderboard", apis.RatingLeaderboardApi.as_view(), name="leaderboard"),
    path("players/<str:username>", apis.PlayerProfileApi.as_view(), name="player"),
    path(
        "players/<str:username>/rating-history",
        apis.PlayerRatingHistoryApi.as_view(),
        name="rating-history",
    ),
]
