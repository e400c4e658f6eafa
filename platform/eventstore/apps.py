from django.apps import AppConfig


class EventstoreConfig(AppConfig):
    name = "eventstore"
    verbose_name = "Event store"

    def ready(self) -> None:
        from core.api import error_body
        from core.api import register_refusal
        from core.errors import CoreError
        from eventstore import checks  # noqa: F401 — registers the deploy check
        from eventstore.store import ConcurrencyConflict

        # A service that let the store's lost race escape: 409, someone else acted first.
        register_refusal(
            ConcurrencyConflict,
            lambda exc: (
                409,
                error_body(CoreError.STALE, "Someone else acted first; reload and try again."),
            ),
        )
