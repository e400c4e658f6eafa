from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # The upcasters of the games' events (eventstore.upcasters) are registered when the
        # domain is imported: before any request, task or command reads a game's stream.
        from games import domain  # noqa: F401
