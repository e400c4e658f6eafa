from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "Chat, reports and mutes"
    default_auto_field = "django.db.models.BigAutoField"
