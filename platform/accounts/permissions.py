"""Who may call what, beyond logged in or not."""

from __future__ import annotations

import copy

from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from accounts.errors import AccountError
from accounts.second_factor import session_verified


class IsStaff(BasePermission):
    """Staff only: anonymous callers get 401, players 403 ``staff_only``."""

    message = "Only staff may do this."
    code = AccountError.STAFF_ONLY

    def has_permission(self, request, view) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)


class StaffBySessionOnly(BasePermission):
    """Staff authenticate by the browser session (with its CSRF check) only: a staff account
    authenticated any other way (an API token) gets 403 ``session_required``; in a session that
    has not passed the second factor (accounts.second_factor), 403 ``second_factor_required``.

    Put on the staff endpoints (the audit, adjudication, the dispute queue and trail): a token
    lives in scripts, files and clients for months, so a leaked one must not open every hand
    of every game. Players are not affected.
    """

    message = (
        "Staff use this through the browser session (log in at /login), not with an API token."
    )
    code = AccountError.SESSION_REQUIRED

    def has_permission(self, request, view) -> bool:
        user = getattr(request, "user", None)
        if not (user and user.is_authenticated and user.is_staff):
            return True
        refusal = staff_refusal(request)
        if refusal == AccountError.SECOND_FACTOR_REQUIRED:
            self.code = refusal
            self.message = (
                "Staff tools need a second factor verified in this browser session: set one up "
                "or enter its code at /accounts/2fa/."
            )
        return refusal is None


def staff_refusal(request) -> AccountError | None:
    """Why this staff request holds no staff powers (``session_required``: not the browser
    session; ``second_factor_required``: a session that has not passed the second factor),
    or None when it holds them. The one test every staff power goes through. A page's plain
    HttpRequest (no DRF authenticator) is the browser session's."""
    if isinstance(request, Request) and not isinstance(
        request.successful_authenticator, SessionAuthentication
    ):
        return AccountError.SESSION_REQUIRED
    if not session_verified(request):
        return AccountError.SECOND_FACTOR_REQUIRED
    return None


def acting_user(request):
    """The user whose powers a request may use: staff powers (reading hidden tiles of games
    they have no stake in) come with the browser session that passed the second factor only,
    as ``StaffBySessionOnly`` says; a staff account otherwise reads what any player would."""
    user = getattr(request, "user", None)
    if user is None or not getattr(user, "is_staff", False):
        return user
    if staff_refusal(request) is None:
        return user
    return without_staff_powers(user)


def without_staff_powers(user):
    """A copy of ``user`` that is no staff member, for reading only (never saved)."""
    plain = copy.copy(user)
    plain.is_staff = plain.is_superuser = False

    def refuse_save(*args, **kwargs):
        raise RuntimeError("a user without staff powers is a read-only view")

    plain.save = refuse_save
    return plain
