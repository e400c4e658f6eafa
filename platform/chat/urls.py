"""Chat endpoints under /api/v1/ (included by config.urls)."""

from django.urls import path

from chat import apis

urlpatterns = [
    path("games/<uuid:game_id>/chat", apis.GameChatApi.as_view(), name="game-chat"),
    path(
        "tournaments/<int:tournament_id>/chat",
        apis.TournamentChatApi.as_view(),
        name="tournament-chat",
    ),
    path(
        "chat/messages/<int:message_id>/report",
        apis.ChatReportApi.as_view(),
        name="chat-report",
    ),
    path("me/mutes", apis.MuteListApi.as_view(), name="chat-mutes"),
    path("me/mutes/<str:username>", apis.MuteApi.as_view(), name="chat-mute"),
    path(
        "staff/chat-mutes/<str:username>",
        apis.StaffMuteApi.as_view(),
        name="chat-staff-mute",
    ),
]
