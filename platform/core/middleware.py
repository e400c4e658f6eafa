"""Keep API error responses JSON even when Django renders its own pages (DEBUG)."""

from core.api import is_api_path, json_error_response

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
