"""Chat endpoints under /api/v1/ (included by config.urls)."""

from chat.apis import ChatReportApi
from chat.apis import GameChatApi
from chat.apis import MuteApi
from chat.apis import MuteListApi
from chat.apis import StaffMuteApi
from chat.apis import TeamChatApi
from chat.apis import TournamentChatApi
from core.routes import routes

urlpatterns = routes(
    ("games/<uuid:game_id>/chat", GameChatApi, "game-chat"),
    ("tournaments/<int:tournament_id>/chat", TournamentChatApi, "tournament-chat"),
    ("teams/<slug:slug>/chat", TeamChatApi, "team-chat"),
    ("chat/messages/<int:message_id>/report", ChatReportApi, "chat-report"),
    ("me/mutes", MuteListApi, "chat-mutes"),
    ("me/mutes/<str:username>", MuteApi, "chat-mute"),
    ("staff/chat-mutes/<str:username>", StaffMuteApi, "chat-staff-mute"),
)
