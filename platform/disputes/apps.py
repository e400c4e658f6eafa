from django.apps import AppConfig


class DisputesConfig(AppConfig):
    name = "disputes"
    verbose_name = "Disputes and audits"
    default_auto_field = "django.db.models.BigAutoField"
