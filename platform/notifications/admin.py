from django.contrib import admin

from notifications.models import EmailPreference
from notifications.models import Notification
from notifications.models import PushSubscription


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


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "label", "kinds", "created_at", "last_push_at")
    search_fields = ("user__username", "label")
    # The endpoint and keys address one browser: shown, never edited by hand.
    readonly_fields = ("endpoint", "p256dh", "auth", "created_at", "last_push_at")
