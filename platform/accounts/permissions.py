"""Who may call what, beyond logged in or not."""

from __future__ import annotations

from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import BasePermission


class StaffBySessionOnly(BasePermission):
    """Staff authenticate by the browser session (with its CSRF check) only: a staff account
    authenticated any other way (an API token) gets 403 ``session_required``.

    Put on the staff endpoints (the audit, adjudication, the dispute queue and trail): a token
    lives in scripts, files and clients for months, so a leaked one must not open every hand
    of every game. Players are not affected.
    """

    message = (
        "Staff use this through the browser session (log in at /login), not with an API token."
    )
    code = "session_required"

    def has_permission(self, request, view) -> bool:
        user = getattr(request, "user", None)
        if not (user and user.is_authenticated and user.is_staff):
            return True
        return isinstance(request.successful_authenticator, SessionAuthentication)
