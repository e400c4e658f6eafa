from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games.signals import game_ended
        from tournaments.receivers import on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="tournaments.on_game_ended")
