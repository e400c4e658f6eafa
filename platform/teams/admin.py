"""Teams in the admin: read-only (only teams.services writes them; staff close a team through
the API, with a reason, so its members are told)."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin
from teams.models import Team
from teams.models import TeamJoinRequest
from teams.models import TeamMember


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ("name", "slug", "open", "chat_open", "created_by", "created_at", "closed_at")
    list_filter = ("open", ("closed_at", admin.EmptyFieldListFilter))
    search_fields = ("name", "slug")
    raw_id_fields = ("created_by", "closed_by")


@admin.register(TeamMember)
class TeamMemberAdmin(ReadOnlyAdmin):
    list_display = ("team", "user", "role", "joined_at")
    list_filter = ("role",)
    search_fields = ("team__name", "user__username")
    raw_id_fields = ("team", "user")


@admin.register(TeamJoinRequest)
class TeamJoinRequestAdmin(ReadOnlyAdmin):
    list_display = ("team", "user", "status", "created_at", "decided_at")
    list_filter = ("status",)
    search_fields = ("team__name", "user__username")
    raw_id_fields = ("team", "user", "decided_by")
