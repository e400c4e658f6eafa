from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    verbose_name = "Chat, reports and mutes"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from chat import account_data

        account_data.register()  # its part of an account's export and deletion

        from chat import sockets
        from realtime import extensions

        # The chat rides on the table and tournament sockets (realtime.extensions).
        extensions.register_command("game", "chat", sockets.post)
        extensions.register_delivery("chat.message", sockets.deliver)
