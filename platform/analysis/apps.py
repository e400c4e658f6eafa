from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    verbose_name = "Game analysis"

    def ready(self) -> None:
        from analysis.receivers import on_game_ended
        from games.signals import game_ended

        game_ended.connect(on_game_ended, dispatch_uid="analysis.on_game_ended")
