from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlatformUserAdmin(UserAdmin):
    """Django's user admin plus the bot fields; staff are users with `is_staff`."""

    list_display = (*UserAdmin.list_display, "is_bot", "bot_strategy")
    list_filter = (*UserAdmin.list_filter, "is_bot", "bot_strategy")
    fieldsets = (*UserAdmin.fieldsets, ("Bot", {"fields": ("is_bot", "bot_strategy")}))
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Bot", {"fields": ("is_bot", "bot_strategy")}))
