from django.apps import AppConfig


class TrustConfig(AppConfig):
    name = "trust"
    verbose_name = "Trust"

    def ready(self) -> None:
        from eventstore.roles import register_append_only
        from trust.models import ReceiptCheck

        # What checking a dispute's receipts said is evidence: the app role may add a check,
        # never change or delete one (deploy/README.md, "Database roles").
        register_append_only(ReceiptCheck._meta.db_table)
