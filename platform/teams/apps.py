"""Teams: a community of players with a page, leaders and team-only events
(docs/players/teams.md)."""

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "teams"
    verbose_name = "Teams"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from teams import notices

        notices.register()  # join requests, accepted requests, removals, closed teams

        from accounts.registry import register_deletion_step
        from teams.services import forget_member

        register_deletion_step(forget_member)  # a deleted account leaves its teams
