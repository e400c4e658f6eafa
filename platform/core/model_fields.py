"""Model fields that the apps declare alike."""

from __future__ import annotations

from typing import Any

from django.db import models


def optional_foreign_key(
    to: Any, *, on_delete: Any, related_name: str, **options: Any
) -> models.ForeignKey:
    """Return a foreign key that may be empty: null in the database, blank in forms."""
    return models.ForeignKey(
        to, on_delete=on_delete, null=True, blank=True, related_name=related_name, **options
    )
