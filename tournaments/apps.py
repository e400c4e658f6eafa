from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games.adjudication import game_adjudicated
        from games.signals import game_ended
        from tournaments.receivers import on_game_adjudicated, on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="tournaments.on_game_ended")
        game_adjudicated.connect(
            on_game_adjudicated, dispatch_uid="tournaments.on_game_adjudicated"
        )
