from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from games.extensions import register_stake_rule
        from tournaments.stakes import tournament_stake

        register_stake_rule(tournament_stake)  # a deal group's, an entry's stake (games.stakes)
        from games.extensions import register_play_gate
        from tournaments.bans import play_ban_check

        register_play_gate(play_ban_check)  # a play ban bars quick pairing's tables too
        from tournaments import notices

        notices.register()  # the notifications it sends (notifications.kinds)
        from tournaments import account_data

        account_data.register()  # its part of an account's export and deletion
        from games.signals import game_adjudicated
        from games.signals import game_ended
        from tournaments.receivers import on_game_adjudicated
        from tournaments.receivers import on_game_ended

        game_ended.connect(on_game_ended, dispatch_uid="tournaments.on_game_ended")
        game_adjudicated.connect(
            on_game_adjudicated, dispatch_uid="tournaments.on_game_adjudicated"
        )
