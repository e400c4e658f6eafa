"""The platform's clock: everything that needs the time asks here, so tests can fix it."""

from django.utils import timezone


def now():
    """Return the current time, timezone-aware (UTC)."""
    return timezone.now()
