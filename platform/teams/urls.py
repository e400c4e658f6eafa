"""Team endpoints under /api/v1/ (included by config.urls). The team's chat is chat.urls'
(``teams/<slug>/chat``)."""

from core.routes import routes
from teams import apis

app_name = "teams"

urlpatterns = routes(
    ("teams", apis.TeamListApi, "list"),
    ("teams/<slug:slug>", apis.TeamDetailApi, "detail"),
    ("teams/<slug:slug>/join", apis.TeamJoinApi, "join"),
    ("teams/<slug:slug>/leave", apis.TeamLeaveApi, "leave"),
    ("teams/<slug:slug>/requests", apis.TeamRequestListApi, "requests"),
    ("teams/<slug:slug>/requests/<int:request_id>/accept", apis.TeamRequestAcceptApi, "accept"),
    ("teams/<slug:slug>/requests/<int:request_id>/decline", apis.TeamRequestDeclineApi, "decline"),
    ("teams/<slug:slug>/members/<str:username>/remove", apis.TeamMemberRemoveApi, "remove"),
    ("teams/<slug:slug>/members/<str:username>/promote", apis.TeamMemberPromoteApi, "promote"),
    ("teams/<slug:slug>/members/<str:username>/demote", apis.TeamMemberDemoteApi, "demote"),
    ("teams/<slug:slug>/chat/open", apis.TeamChatOpenApi, "chat-open"),
    ("teams/<slug:slug>/chat/close", apis.TeamChatCloseApi, "chat-close"),
    ("teams/<slug:slug>/close", apis.TeamStaffCloseApi, "close"),
)
