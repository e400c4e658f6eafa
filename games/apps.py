from django.apps import AppConfig

# The keys under which the games' payloads, events and states hold tiles.
TILE_KEYS = ("hand", "hands", "boneyard", "tile", "tiles", "drawn", "deal", "deals")


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from games import notices

        notices.register()  # the notifications it sends (notifications.kinds)
        # The upcasters of the games' events (eventstore.upcasters) are registered when the
        # domain is imported: before any request, task or command reads a game's stream.
        from games import account_data  # noqa: F401
        from games import domain  # noqa: F401
        from games import metrics  # noqa: F401
        from games.errors import register_refusals

        # What games lends the floors below it: its part of an account's export and deletion
        # (accounts.registry), the active-games gauge of /metrics, and how the engine's
        # refusals answer over the API and the sockets (core.api.error_for).
        account_data.register()
        metrics.register()
        register_refusals()
        # Deadlines and overdue automatic seats, applied by the sweeper (core.sweeper).
        from core import sweeper
        from games.automatic import sweep_due

        sweeper.register("deadlines", sweep_due)
        # Tiles are hidden information (RULES R4): no error report carries them (core.sentry).
        from core import sentry

        sentry.register_hidden_keys(TILE_KEYS)
