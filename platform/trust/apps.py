from django.apps import AppConfig


class TrustConfig(AppConfig):
    name = "trust"
    verbose_name = "Trust"

    def ready(self) -> None:
        from django.core.signals import setting_changed

        from trust.keys import on_setting_changed

        setting_changed.connect(on_setting_changed, dispatch_uid="trust.on_setting_changed")
