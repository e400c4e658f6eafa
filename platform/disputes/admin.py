"""Admin: the dispute queue and the games, each with a link to its audit page; the staff trail,
read-only. Adjudication happens on the audit page (through the services), never by editing rows
here. A game's seed stays off its page while its deal is hidden (games.admin); staff are not
shown the disputes and the trail of a game they played."""

from django.contrib import admin
from django.db.models import Q
from django.utils.html import format_html

from core.admin import ReadOnlyAdmin
from disputes.models import AuditedGame
from disputes.models import Dispute
from disputes.models import DisputeMessage
from disputes.models import StaffAction
from games.admin import GameSecretsAdminMixin
from games.models import Seat


def audit_link(game_id) -> str:
    return format_html('<a href="/audit/games/{}">Audit</a>', game_id)


class MessageInline(admin.TabularInline):
    model = DisputeMessage
    fields = ("created_at", "author", "from_staff", "kind", "body")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdmin):
    list_display = (
        "id",
        "status",
        "category",
        "game",
        "opened_by",
        "claimed_by",
        "created_at",
        "audit",
    )
    list_filter = ("status", "category")
    search_fields = ("opened_by__username", "reason", "game__name")
    inlines = [MessageInline]

    def get_queryset(self, request):
        played = Seat.objects.filter(user=request.user).values("game_id")
        rows = super().get_queryset(request)
        return rows.filter(Q(involved=request.user) | ~Q(game_id__in=played)).distinct()

    @admin.display(description="audit")
    def audit(self, obj):
        return audit_link(obj.game_id)


@admin.register(StaffAction)
class StaffActionAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "staff", "action", "game", "dispute", "seq", "reason")
    list_filter = ("action",)
    search_fields = ("staff__username", "reason")

    def get_queryset(self, request):
        played = Seat.objects.filter(user=request.user).values("game_id")
        return super().get_queryset(request).exclude(game_id__in=played)


@admin.register(AuditedGame)
class AuditedGameAdmin(GameSecretsAdminMixin, ReadOnlyAdmin):
    list_display = ("id", "name", "status", "rated", "players", "created_at", "audit")
    list_filter = ("status", "rated")
    search_fields = ("id", "name")

    @admin.display(description="audit")
    def audit(self, obj):
        return audit_link(obj.pk)
