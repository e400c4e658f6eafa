"""Django's error views: JSON under /api/, the normal pages everywhere else.

They are wired as ``handler400`` … ``handler500`` in ``config.urls``; Django calls them only
when DEBUG is off. ``core.middleware.ApiErrorJsonMiddleware`` covers DEBUG.
"""

from django.views import defaults

from core.api import is_api_path
from core.api import json_error_response


def bad_request(request, exception):
    """Answer 400 for a request Django refused before any view ran."""
    if is_api_path(request.path_info):
        return json_error_response(400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    """Answer 403."""
    if is_api_path(request.path_info):
        return json_error_response(403)
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception):
    """Answer 404; the JSON form never echoes the URL patterns Django tried."""
    if is_api_path(request.path_info):
        return json_error_response(404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    """Answer 500 without a traceback."""
    if is_api_path(request.path_info):
        return json_error_response(500, "Internal server error.")
    return defaults.server_error(request)
