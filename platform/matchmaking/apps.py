"""Quick pairing: pools by seats and time control; one tap to wait, a table when matched
(docs/players/quick-pairing.md)."""

from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "Quick pairing"

    def ready(self) -> None:
        from matchmaking import notices

        notices.register()  # the notification it sends (notifications.kinds)
        from core.error_messages import MESSAGES
        from matchmaking.errors import messages

        # Its error codes' messages beside every other app's (core.error_messages).
        MESSAGES.update({str(code): text for code, text in messages().items()})
