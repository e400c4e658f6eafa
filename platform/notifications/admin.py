from django.contrib import admin

from notifications.models import EmailPreference
from notifications.models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "text", "created_at", "read_at", "emailed_at")
    list_filter = ("kind", "email_pending")
    search_fields = ("user__username", "text")


@admin.register(EmailPreference)
class EmailPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "enabled", "updated_at")
    list_filter = ("kind", "enabled")
    search_fields = ("user__username",)
