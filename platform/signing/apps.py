from django.apps import AppConfig


class SigningConfig(AppConfig):
    name = "signing"
    verbose_name = "Signing"

    def ready(self) -> None:
        from django.core.signals import setting_changed

        from signing.keys import on_setting_changed

        setting_changed.connect(on_setting_changed, dispatch_uid="signing.on_setting_changed")
