from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = "Ratings"

    def ready(self) -> None:
        from games.extensions import register_game_ratings
        from ratings.selectors import game_ratings

        register_game_ratings(game_ratings)  # shown with a rated game (games.apis)
        from ratings import account_data

        account_data.register()  # its part of an account's export and deletion
        from games.signals import game_ended
        from ratings.receivers import on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="ratings.on_game_ended")
