"""Admin: chat messages, reports (a tournament's land here, a table's in the dispute queue too)
and staff mutes, read-only: messages are part of the games' audit, and staff mute through the
API (its checks and reason), not by editing rows."""

from django.contrib import admin

from chat.models import ChatBan
from chat.models import ChatMessage
from chat.models import ChatReport
from core.admin import ReadOnlyAdmin


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "channel", "game", "tournament", "author", "seq", "body")
    list_filter = ("channel",)
    search_fields = ("body",)


@admin.register(ChatReport)
class ChatReportAdmin(ReadOnlyAdmin):
    list_display = ("id", "created_at", "message", "reporter", "dispute", "reason")


@admin.register(ChatBan)
class ChatBanAdmin(ReadOnlyAdmin):
    list_display = ("user", "until", "reason", "by", "created_at", "lifted_at")
