"""One envelope for every list of the API: ``{"results": [...], "next": url|null,
"previous": url|null}``, plus the few top-level fields a list has always had (the unread count
of the notifications, the leaderboard's count and pages).

``next`` and ``previous`` are absolute URLs: a client follows ``next`` until it is null and
never builds one itself. Two of DRF's paginators serve:

- ``CursorPage`` where a list grows at the top (games, notifications): the cursor holds the
  position of the last row seen, so a row added meanwhile neither repeats a row nor hides one.
- ``NumberPage`` (``?page=``) where the order is a ranking or a queue whose keys change as the
  rows do (the leaderboard, "my games" by urgency, the disputes queue, tournaments by group):
  no single unchanging column orders them, which a cursor needs.

``page_size`` is a whole number from 1 to ``MAX_PAGE_SIZE``; a larger one is refused (400
``invalid_query``), as every query parameter that is not what a list takes
(core.inputs.query), and so is a cursor or page the server did not hand out.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from drf_spectacular.utils import inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.pagination import CursorPagination
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from core.errors import ApplicationError
from core.errors import CoreError
from core.fields import WholeNumberField

PAGE_SIZE = 50
MAX_PAGE_SIZE = 100


def _refused(name: str, message: str) -> ApplicationError:
    return ApplicationError(
        CoreError.INVALID_QUERY, f"{name}: {message}", extra={"fields": {name: [message]}}
    )


class Envelope:
    """The envelope every paginator here answers with; ``extra`` fields come first."""

    def get_paginated_response(self, data, **extra: Any) -> Response:
        return Response(
            {
                **extra,
                "results": data,
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
            }
        )


class CursorPage(Envelope, CursorPagination):
    """Newest first by ``ordering`` (its first field orders the cursor: nearly unique and
    unchanging, like a creation time)."""

    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE
    ordering = ("-created_at",)

    def __init__(self, ordering: tuple[str, ...] | None = None) -> None:
        if ordering is not None:
            self.ordering = ordering

    def paginate_queryset(self, queryset, request, view=None):
        try:
            return super().paginate_queryset(queryset, request, view)
        except (NotFound, DjangoValidationError, ValueError, OverflowError):
            # A cursor not made here: its position is not a value of the ordering's field.
            raise _refused(self.cursor_query_param, "not a cursor this list gave") from None


class NumberPage(Envelope, PageNumberPagination):
    """Page ``page`` (from 1) of ``page_size`` rows, in the order the query gives."""

    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def paginate_queryset(self, queryset, request, view=None):
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            raise _refused(self.page_query_param, "no such page") from None

    def get_paginated_response(self, data, **extra: Any) -> Response:
        return super().get_paginated_response(data, count=self.page.paginator.count, **extra)


class CursorQuery(serializers.Serializer):
    """The query parameters of a cursor list (each list's own filters extend it)."""

    cursor = serializers.CharField(
        required=False, max_length=500, help_text="from `next` or `previous`; do not build one"
    )
    page_size = WholeNumberField(
        required=False,
        min_value=1,
        max_value=MAX_PAGE_SIZE,
        help_text=f"rows per page, 1 to {MAX_PAGE_SIZE} (default {PAGE_SIZE}); more is refused",
    )


class NumberQuery(serializers.Serializer):
    """The query parameters of a numbered list (each list's own filters extend it)."""

    page = WholeNumberField(required=False, min_value=1, help_text="from 1 (default 1)")
    page_size = WholeNumberField(
        required=False,
        min_value=1,
        max_value=MAX_PAGE_SIZE,
        help_text=f"rows per page, 1 to {MAX_PAGE_SIZE} (default {PAGE_SIZE}); more is refused",
    )


def page_of(name: str, item, **extra_fields) -> serializers.Serializer:
    """Return the OpenAPI shape of a page of ``item`` (a serializer class)."""
    fields = {
        **extra_fields,
        "results": item(many=True),
        "next": serializers.URLField(allow_null=True, help_text="the next page; null at the end"),
        "previous": serializers.URLField(allow_null=True, help_text="the page before, or null"),
        "count": serializers.IntegerField(
            required=False, help_text="numbered pages (`?page=`) only: the rows of all pages"
        ),
    }
    return inline_serializer(name, fields)


def serialized(serializer_class, **kwargs):
    """Return the ``serialize`` of ``paginate`` that answers a page's rows as
    ``serializer_class`` (``kwargs``: its ``context``) shows them."""
    return lambda page: serializer_class(page, many=True, **kwargs).data


def paginate(request, rows, serialize, *, pagination=None, view=None, **extra: Any) -> Response:
    """Answer one page of ``rows`` (a queryset) in the envelope: ``serialize`` turns the page's
    rows into their JSON; ``pagination`` is a paginator instance (default ``CursorPage()``)."""
    paginator = pagination if pagination is not None else CursorPage()
    page = paginator.paginate_queryset(rows, request, view=view)
    return paginator.get_paginated_response(serialize(page), **extra)
