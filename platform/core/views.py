"""Django's error views: JSON under /api/, the platform's own pages everywhere else.

They are wired as ``handler400`` … ``handler500`` in ``config.urls`` and as CSRF_FAILURE_VIEW;
Django calls the handlers only when DEBUG is off (``core.middleware.ApiErrorJsonMiddleware``
covers DEBUG under /api/). The pages (frontend/templates/403.html, 403_csrf.html, 404.html,
500.html) are in the reader's language: LocaleMiddleware has activated it by the time a view or
the URL resolver fails.
"""

import logging

from django.http import HttpResponse
from django.template import loader
from django.templatetags.static import static
from django.views import defaults
from django.views.decorators.csrf import requires_csrf_token

from core.api import is_api_path
from core.api import json_error_response

log = logging.getLogger(__name__)

# What a 500 answers when even its static template cannot be rendered.
BARE_SERVER_ERROR = (
    '<!doctype html><html><head><meta charset="utf-8"><title>Server error (500)</title></head>'
    '<body><h1>Server error (500)</h1><p><a href="/">Home</a></p></body></html>'
)


def bad_request(request, exception):
    """Answer 400 for a request Django refused before any view ran."""
    if is_api_path(request.path_info):
        return json_error_response(400)
    return defaults.bad_request(request, exception)


@requires_csrf_token
def permission_denied(request, exception):
    """Answer 403: the platform's page (the site's layout, a way back) or the JSON error."""
    if is_api_path(request.path_info):
        return json_error_response(403)
    return defaults.permission_denied(request, exception)


@requires_csrf_token
def page_not_found(request, exception):
    """Answer 404; the JSON form never echoes the URL patterns Django tried."""
    if is_api_path(request.path_info):
        return json_error_response(404)
    return defaults.page_not_found(request, exception)


@requires_csrf_token
def csrf_failure(request, reason=""):
    """Answer 403 for a request without its valid CSRF token (CSRF_FAILURE_VIEW).

    Under /api/ the JSON error keeps the code ``forbidden``, as DRF's own CSRF refusal of a
    session-authenticated call has it. ``reason`` (Django's words, for the log) is not shown.
    """
    if is_api_path(request.path_info):
        return json_error_response(403)
    template = loader.get_template("403_csrf.html")
    return _html(template.render({"reason": reason}, request), status=403)


def server_error(request):
    """Answer 500 without a traceback: a static page that needs no database, or the JSON error.

    Whatever failed (the database, the session, a template tag) may fail again here, so the
    page is rendered without the request's context, and a bare page answers if even that fails.
    """
    if is_api_path(request.path_info):
        return json_error_response(500, "Internal server error.")
    try:
        stylesheet = static("frontend/css/site.css")
    except Exception:  # a manifest without the file: the page without its style
        stylesheet = ""
    try:
        body = loader.get_template("500.html").render({"stylesheet": stylesheet})
    except Exception:
        log.exception("the 500 page could not be rendered")
        body = BARE_SERVER_ERROR
    return _html(body, status=500)


def _html(body: str, *, status: int) -> HttpResponse:
    return HttpResponse(body, status=status, content_type="text/html; charset=utf-8")
