"""Quick-pairing endpoints, included under /api/v1/ by config.urls."""

from core.routes import routes
from matchmaking.apis import PoolGridApi
from matchmaking.apis import PoolJoinApi
from matchmaking.apis import PoolTicketApi

app_name = "matchmaking"

urlpatterns = routes(
    ("pools", PoolGridApi, "grid"),
    ("pools/ticket", PoolTicketApi, "ticket"),
    ("pools/<str:pool>/join", PoolJoinApi, "join"),
)
