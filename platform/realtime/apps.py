from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "realtime"
    verbose_name = "Realtime"

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_out
        from django.db.models.signals import post_delete, post_save

        from realtime import signals

        user_logged_out.connect(signals.on_logged_out, dispatch_uid="realtime.logged_out")
        post_delete.connect(
            signals.on_token_deleted, sender="accounts.ApiToken", dispatch_uid="realtime.token"
        )
        post_save.connect(
            signals.on_user_saved, sender=get_user_model(), dispatch_uid="realtime.user_saved"
        )
