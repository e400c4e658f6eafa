"""Keep API error responses JSON even when Django renders its own pages (DEBUG); answer 503
when PostgreSQL or Redis is down."""

import logging
import sys

from django.core.signals import got_request_exception
from django.http import HttpResponse
from django.http import JsonResponse

from core.api import OUTAGE_RETRY_AFTER
from core.api import is_api_path
from core.api import is_outage
from core.api import json_error_response
from core.api import unavailable_body

log = logging.getLogger(__name__)

JSON_TYPES = ("application/json", "application/problem+json")


class ApiErrorJsonMiddleware:
    """Replace a non-JSON error response under /api/ with the JSON error for its status.

    With DEBUG on, Django answers an unknown URL or an uncaught exception with its technical
    HTML pages instead of calling ``handler404``/``handler500``; API clients must still get
    ``{"code", "detail"}``. The traceback is still logged by ``django.request``.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            response.status_code >= 400
            and is_api_path(request.path_info)
            and not response.get("Content-Type", "").startswith(JSON_TYPES)
        ):
            replacement = json_error_response(response.status_code)
            for header in ("WWW-Authenticate", "Allow", "Retry-After"):
                if header in response:
                    replacement[header] = response[header]
            return replacement
        return response


class ServiceUnavailableMiddleware:
    """Answer 503 with Retry-After, not 500, when PostgreSQL or Redis cannot be reached.

    DRF views already map such errors in ``core.api.error_for``; this covers everything else: a
    plain Django view (``process_exception``), and a middleware or signal that failed before or
    after the view (Django has turned that into a 500 response by the time it gets here: the
    ``got_request_exception`` receiver marks the request so the 500 becomes a 503). Under /api/
    the body is the JSON error ``{"code": "service_unavailable", "detail", "retry_after"}``.
    """

    def __init__(self, get_response):
        self.get_response = get_response
        got_request_exception.connect(_mark_outage, dispatch_uid="core.middleware.outage")

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code >= 500 and getattr(request, OUTAGE_MARK, False):
            return unavailable_response(request)
        return response

    def process_exception(self, request, exception):
        if is_outage(exception):
            log.warning(
                "service unavailable: %s: %s", type(exception).__name__, str(exception)[:200]
            )
            return unavailable_response(request)
        return None


OUTAGE_MARK = "_core_outage"


def _mark_outage(sender, request=None, **kwargs):
    """Remember on the request that the exception being handled is an outage."""
    exc = sys.exc_info()[1]
    if request is not None and exc is not None and is_outage(exc):
        setattr(request, OUTAGE_MARK, True)


def unavailable_response(request) -> HttpResponse:
    """The 503 for ``request``: JSON under /api/, a short text page elsewhere."""
    if is_api_path(request.path_info):
        body = unavailable_body()
        response = JsonResponse(body, status=503)
    else:
        body = {"retry_after": OUTAGE_RETRY_AFTER}
        response = HttpResponse(
            "The service is temporarily unavailable; try again shortly.\n",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response["Retry-After"] = str(body["retry_after"])
    return response
