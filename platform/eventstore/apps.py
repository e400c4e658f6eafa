from django.apps import AppConfig


class EventstoreConfig(AppConfig):
    name = "eventstore"
    verbose_name = "Event store"

    def ready(self) -> None:
        from eventstore import checks  # noqa: F401 — registers the deploy check
