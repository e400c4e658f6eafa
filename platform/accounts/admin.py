from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.models import User


@admin.register(User)
class PlatformUserAdmin(UserAdmin):
    list_display = (*UserAdmin.list_display, "is_bot")
    list_filter = (*UserAdmin.list_filter, "is_bot")
    fieldsets = (*UserAdmin.fieldsets, ("Bot", {"fields": ("is_bot", "bot_strategy")}))
