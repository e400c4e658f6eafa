"""Account endpoints, included under /api/v1/ by config.urls."""

from accounts.apis import AccountDeleteApi
from accounts.apis import AccountExportApi
from accounts.apis import AuthTokenObtainApi
from accounts.apis import OwnedBotDetailApi
from accounts.apis import OwnedBotListApi
from accounts.apis import OwnedBotTokenApi
from accounts.apis import SessionLoginApi
from accounts.apis import SessionLogoutApi
from accounts.apis import SocketTicketApi
from accounts.apis import TokenDetailApi
from accounts.apis import TokenListApi
from accounts.apis import UserMeApi
from accounts.apis import UserRegisterApi
from core.routes import routes

app_name = "accounts"

urlpatterns = routes(
    ("auth/register", UserRegisterApi, "register"),
    ("auth/token", AuthTokenObtainApi, "token"),
    ("auth/tokens", TokenListApi, "tokens"),
    ("auth/tokens/<uuid:token_id>", TokenDetailApi, "token-detail"),
    ("auth/socket-ticket", SocketTicketApi, "socket-ticket"),
    ("auth/login", SessionLoginApi, "login"),
    ("auth/logout", SessionLogoutApi, "logout"),
    ("me", UserMeApi, "me"),
    ("me/bots", OwnedBotListApi, "bots"),
    ("me/bots/<str:username>", OwnedBotDetailApi, "bot-detail"),
    ("me/bots/<str:username>/token", OwnedBotTokenApi, "bot-token"),
    ("account/delete", AccountDeleteApi, "account-delete"),
    ("account/export", AccountExportApi, "account-export"),
)
