from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import ApiToken
from accounts.models import User


@admin.register(User)
class PlatformUserAdmin(UserAdmin):
    """Django's user admin plus the bot fields; staff are users with `is_staff`."""

    list_display = (*UserAdmin.list_display, "is_bot", "bot_strategy", "bot_owner")
    list_filter = (*UserAdmin.list_filter, "is_bot", "bot_strategy")
    readonly_fields = ("bot_owner",)  # set by POST /api/v1/me/bots only
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Bot", {"fields": ("is_bot", "bot_strategy", "bot_owner")}),
    )
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Bot", {"fields": ("is_bot", "bot_strategy")}))


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """API tokens, for revoking (delete): no key is ever shown (only digests are stored) and
    staff cannot make a token for someone else, which would let them act as that player."""

    list_display = ("user", "name", "created", "expiry", "last_used_at")
    list_filter = ("created", "expiry")
    search_fields = ("user__username", "name")
    fields = ("user", "name", "public_id", "created", "expiry", "last_used_at")
    readonly_fields = fields
    ordering = ("-created",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
