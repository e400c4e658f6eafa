from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games.signals import game_ended
        from ratings.receivers import on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="ratings.on_game_ended")
