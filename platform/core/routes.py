"""A URL module's routes as a table: one row a route (its path, its view class, its name)."""

from __future__ import annotations

from django.urls import URLPattern
from django.urls import path
from django.views import View


def routes(*table: tuple[str, type[View], str]) -> list[URLPattern]:
    """Return a URL pattern for each ``(route, view class, name)`` row, in the table's order."""
    return [path(route, view.as_view(), name=name) for route, view, name in table]
