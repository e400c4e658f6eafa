"""Errors the services raise on purpose: a stable code, a detail, an HTTP status.

Services raise these; the API exception handler (``core.api.api_exception_handler``) renders
every one as ``{"code": ..., "detail": ..., **extra}`` with ``status``. Views never build error
responses themselves.
"""

from __future__ import annotations

from enum import Enum
from enum import StrEnum
from typing import Any


class CoreError(StrEnum):
    """Stable codes of the refusals every API answers alike (the ``code`` of the JSON error)."""

    INVALID = "invalid"
    # A query parameter (``?status=``, ``?page_size=``, a cursor...) that is not one the list
    # takes: ``fields`` names each, as ``invalid`` does for a body (core.inputs.query).
    INVALID_QUERY = "invalid_query"
    MALFORMED_JSON = "malformed_json"
    INVALID_JSON = "invalid_json"
    NOT_AUTHENTICATED = "not_authenticated"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    NOT_ACCEPTABLE = "not_acceptable"
    UNSUPPORTED_MEDIA_TYPE = "unsupported_media_type"
    REQUEST_TOO_LARGE = "request_too_large"
    THROTTLED = "throttled"
    # A lost race on the event store (ConcurrencyConflict): reload and try again.
    STALE = "stale"
    # The engine's RulesetError: a game's options that cannot be dealt or played.
    INVALID_RULESET = "invalid_ruleset"
    SERVER_ERROR = "server_error"
    SERVICE_UNAVAILABLE = "service_unavailable"


class ApplicationError(Exception):
    """A refusal a client can act on: rendered as ``{"code", "detail", **extra}`` with ``status``.

    ``code`` is stable (clients branch on it); an Enum member is accepted and stored as its
    value. ``detail`` is for humans and may change. ``extra`` is merged into the JSON body, so
    its keys must not be ``code`` or ``detail``.
    """

    status = 400

    def __init__(
        self,
        code: str | Enum,
        detail: str = "",
        *,
        status: int | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        code = code.value if isinstance(code, Enum) else code
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code: str = code
        self.detail = detail
        if status is not None:
            self.status = status
        self.extra: dict[str, Any] = dict(extra or {})

    def as_dict(self) -> dict[str, Any]:
        """Return the JSON body of this error."""
        return {**self.extra, "code": self.code, "detail": self.detail}


class NotAuthenticated(ApplicationError):
    """The request needs a logged-in user (401)."""

    status = 401


class Forbidden(ApplicationError):
    """The user is known but may not do this (403)."""

    status = 403


class NotFound(ApplicationError):
    """The thing asked for does not exist, or is not visible to this user (404)."""

    status = 404


class Conflict(ApplicationError):
    """The request lost a race or contradicts the current state (409), e.g. ``stale``."""

    status = 409
