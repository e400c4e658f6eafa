"""In-process services of the embedded default (no REDIS_URL)."""

from django.conf import settings


def start_embedded_services() -> None:
    """Start the in-process services the embedded default needs; a no-op for now.

    This is the hook point for the in-process task runner (Celery tasks run eagerly) and the
    deadline sweeper that a Celery beat would otherwise drive. It runs in the `serve` process
    after migrations and before the ASGI server starts. With REDIS_URL set, a separate worker
    and beat do this work, so nothing is started here.
    """
    if settings.REDIS_URL:
        return
