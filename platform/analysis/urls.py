"""Analysis endpoints, included under /api/v1/ by config.urls."""

from analysis.apis import FairPlayApi
from analysis.apis import GameAnalysisApi
from core.routes import routes

app_name = "analysis"

urlpatterns = routes(
    ("games/<uuid:game_id>/analysis", GameAnalysisApi, "game-analysis"),
    ("audit/players/<str:username>/fair-play", FairPlayApi, "fair-play"),
)
