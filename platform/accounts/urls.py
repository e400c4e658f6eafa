"""Account endpoints, included under /api/v1/ by config.urls."""

from django.urls import path

from accounts import apis

app_name = "accounts"

urlpatterns = [
    path("auth/register", apis.UserRegisterApi.as_view(), name="register"),
    path("auth/token", apis.AuthTokenObtainApi.as_view(), name="token"),
    path("auth/tokens", apis.TokenListApi.as_view(), name="tokens"),
    path("auth/tokens/<uuid:token_id>", apis.TokenDetailApi.as_view(), name="token-detail"),
    path("auth/socket-ticket", apis.SocketTicketApi.as_view(), name="socket-ticket"),
    path("auth/login", apis.SessionLoginApi.as_view(), name="login"),
    path("auth/logout", apis.SessionLogoutApi.as_view(), name="logout"),
    path("me", apis.UserMeApi.as_view(), name="me"),
    path("me/bots", apis.OwnedBotListApi.as_view(), name="bots"),
    path("me/bots/<str:username>", apis.OwnedBotDetailApi.as_view(), name="bot-detail"),
    path("me/bots/<str:username>/token", apis.OwnedBotTokenApi.as_view(), name="bot-token"),
    path("account/delete", apis.AccountDeleteApi.as_view(), name="account-delete"),
    path("account/export", apis.AccountExportApi.as_view(), name="account-export"),
]
