"""Analysis endpoints, included under /api/v1/ by config.urls."""

from django.urls import path

from analysis import apis

app_name = "analysis"

urlpatterns = [
    path("games/<uuid:game_id>/analysis", apis.GameAnalysisApi.as_view(), name="game-analysis"),
    path(
        "audit/players/<str:username>/fair-play",
        apis.FairPlayApi.as_view(),
        name="fair-play",
    ),
]
