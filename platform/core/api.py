"""One JSON error shape for the whole API: ``{"code": ..., "detail": ..., **extra}``.

``api_exception_handler`` is DRF's ``EXCEPTION_HANDLER``: every exception raised in a DRF view
(``ApplicationError`` from services, the engine's ``IllegalMove``, DRF's own exceptions, and
anything unexpected) leaves as that shape. ``code`` is stable; clients branch on it. The
``detail`` is in the request's language (core.error_messages); the code and shape never change.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

import psycopg
import redis
from django.core import signals
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.http import JsonResponse
from django.utils.log import log_response
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import set_rollback

from core.error_messages import localized
from core.errors import ApplicationError
from core.errors import CoreError

log = logging.getLogger(__name__)

API_PATH_PREFIX = "/api/"
# Seconds a client is told to wait when PostgreSQL or Redis is unreachable (503).
OUTAGE_RETRY_AFTER = 5

# DRF exception class -> our code, where DRF's default_code is not the one we promise.
_CODES: dict[type[exceptions.APIException], CoreError] = {
    exceptions.ParseError: CoreError.MALFORMED_JSON,
    exceptions.ValidationError: CoreError.INVALID,
    exceptions.NotAuthenticated: CoreError.NOT_AUTHENTICATED,
    exceptions.AuthenticationFailed: CoreError.NOT_AUTHENTICATED,
    exceptions.PermissionDenied: CoreError.FORBIDDEN,
    exceptions.NotFound: CoreError.NOT_FOUND,
    exceptions.MethodNotAllowed: CoreError.METHOD_NOT_ALLOWED,
    exceptions.NotAcceptable: CoreError.NOT_ACCEPTABLE,
    exceptions.UnsupportedMediaType: CoreError.UNSUPPORTED_MEDIA_TYPE,
    exceptions.Throttled: CoreError.THROTTLED,
}


def is_api_path(path: str) -> bool:
    """Tell whether a request path (``request.path_info``) belongs to the JSON API."""
    return path.startswith(API_PATH_PREFIX)


def status_code_name(status: int) -> str:
    """Return the generic code for an HTTP status that no exception named (404 -> not_found)."""
    if status == 401:
        return CoreError.NOT_AUTHENTICATED
    if status >= 500:
        return CoreError.SERVER_ERROR
    try:
        return HTTPStatus(status).phrase.lower().replace(" ", "_").replace("-", "_")
    except ValueError:
        return f"http_{status}"


def error_body(code: str, detail: str, **extra: Any) -> dict[str, Any]:
    """Build the JSON body of an error; ``code`` and ``detail`` always win over ``extra``.

    ``code`` may be a StrEnum member: the body holds its plain value, as ``ApplicationError``'s.
    """
    return {**extra, "code": str(code), "detail": detail}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    """Render any exception raised in a DRF view as the platform's JSON error.

    Unexpected exceptions become a 500 ``server_error`` without internals; they are logged with
    their traceback and reported through ``got_request_exception`` like Django does, so the
    test client still re-raises them.
    """
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    answer = error_for(exc)
    if answer is None:
        return _server_error(exc, context)
    status, body = answer
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(max(1, math.ceil(exc.wait)))
    elif status == 503:
        headers["Retry-After"] = str(body["retry_after"])
    set_rollback()
    return Response(localized(body), status=status, headers=headers)


Answer = Callable[[Any], tuple[int, dict[str, Any]]]

# Refusals raised by the floors above core that are not ApplicationErrors (the engine's illegal
# move and bad ruleset, the event store's lost race): the app that owns each registers how it
# answers (games.errors.register_refusals, eventstore.apps); core names no app above it.
_REFUSALS: list[tuple[type[BaseException], Answer]] = []


def register_refusal(exc_type: type[BaseException], answer: Answer) -> None:
    """Answer ``exc_type`` (and its subclasses) with ``answer(exc)``: (status, JSON body)."""
    _REFUSALS.append((exc_type, answer))


def error_for(exc: Exception) -> tuple[int, dict[str, Any]] | None:
    """Return the status and JSON body of a refusal, or None for an unexpected exception.

    Shared by the REST handler and the WebSocket consumers, so both answer alike.
    """
    if isinstance(exc, ApplicationError):
        return exc.status, exc.as_dict()
    for exc_type, answer in _REFUSALS:
        if isinstance(exc, exc_type):
            return answer(exc)
    if is_outage(exc):
        log.warning("service unavailable: %s: %s", type(exc).__name__, str(exc).strip()[:200])
        return 503, unavailable_body()
    if isinstance(exc, RequestDataTooBig):  # a body past DATA_UPLOAD_MAX_MEMORY_SIZE
        return 413, request_too_large_body()
    if isinstance(exc, exceptions.APIException):
        return exc.status_code, _api_exception_body(exc)
    return None


def request_too_large_body() -> dict[str, Any]:
    """Return the JSON body of a 413: the request body is over the platform's limit."""
    from django.conf import settings

    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return error_body(
        CoreError.REQUEST_TOO_LARGE, f"The request body is larger than {limit} bytes.", limit=limit
    )


def is_outage(exc: BaseException) -> bool:
    """Tell whether ``exc`` means PostgreSQL or Redis cannot be reached right now.

    Such a request did not fail for what it asked: the answer is 503 ``service_unavailable``
    with Retry-After, never a 500. A database error that is the request's own (a constraint,
    bad SQL) is not an outage. A move that got a 503 may still have committed if the database
    went away during the commit: clients retry with the same Idempotency-Key.
    """
    from django import db

    if isinstance(exc, db.InterfaceError | db.OperationalError):
        return True
    if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError):
        return True  # raised by the connection pool (PoolTimeout) outside Django's wrapper
    return isinstance(exc, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError)


def unavailable_body() -> dict[str, Any]:
    """Return the JSON body of a 503: PostgreSQL or Redis is unreachable, try again soon."""
    return error_body(
        CoreError.SERVICE_UNAVAILABLE,
        "The service is temporarily unavailable; try again shortly.",
        retry_after=OUTAGE_RETRY_AFTER,
    )


def _api_exception_body(exc: exceptions.APIException) -> dict[str, Any]:
    """Build the body for one of DRF's own exceptions."""
    if isinstance(exc, exceptions.ValidationError):
        return validation_body(exc.detail)
    code = _code_for(exc)
    detail = exc.detail if isinstance(exc.detail, str) else str(exc.detail)
    extra: dict[str, Any] = {}
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        extra["retry_after"] = extra["wait"] = max(1, math.ceil(exc.wait))
    return error_body(code, str(detail), **extra)


def validation_body(errors: Any, code: str = CoreError.INVALID) -> dict[str, Any]:
    """Build the body of a refused input from a serializer's ``errors``: ``fields`` holds the
    messages per (dotted) field name and ``detail`` says them all in one line."""
    fields = _flatten_validation_detail(errors)
    detail = "; ".join(
        " ".join(messages)
        if name == api_settings.NON_FIELD_ERRORS_KEY
        else f"{name}: {' '.join(messages)}"
        for name, messages in fields.items()
    )
    return error_body(code, detail or "Invalid input.", fields=fields)


def _code_for(exc: exceptions.APIException) -> str:
    """Return our code for a DRF exception; a custom code given when raising it wins."""
    given = getattr(exc.detail, "code", None)
    if given and given != exc.default_code:
        return str(given)
    for klass in type(exc).__mro__:
        if klass in _CODES:
            return _CODES[klass]
    return str(exc.default_code)


def _flatten_validation_detail(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """Flatten DRF's nested validation errors to ``{"field.sub.0": [messages]}``."""
    if isinstance(detail, dict):
        flat: dict[str, list[str]] = {}
        for key, value in detail.items():
            flat.update(_flatten_validation_detail(value, f"{prefix}.{key}" if prefix else key))
        return flat
    if isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            if not detail:
                return {}
            return {prefix or api_settings.NON_FIELD_ERRORS_KEY: [str(item) for item in detail]}
        flat = {}
        for index, item in enumerate(detail):
            name = f"{prefix}.{index}" if prefix else str(index)
            flat.update(_flatten_validation_detail(item, name))
        return flat
    return {prefix or api_settings.NON_FIELD_ERRORS_KEY: [str(detail)]}


def _server_error(exc: Exception, context: dict[str, Any]) -> Response:
    """Log an unexpected exception and answer 500 without revealing anything about it."""
    request = context.get("request")
    django_request = getattr(request, "_request", request)
    signals.got_request_exception.send(sender=None, request=django_request)
    set_rollback()
    body = localized(error_body(CoreError.SERVER_ERROR, "Internal server error."))
    response = Response(body, status=500)
    log_response(
        "%s: %s",
        "Internal Server Error",
        getattr(django_request, "path", "?"),
        response=response,
        request=django_request,
        exception=exc,
    )
    return response


def json_error_response(status: int, detail: str = "") -> JsonResponse:
    """Return the JSON error for a bare HTTP status (used outside DRF views)."""
    detail = detail or HTTPStatus(status).phrase
    return JsonResponse(localized(error_body(status_code_name(status), detail)), status=status)
