"""The second factor every staff power needs (django-allauth's MFA: TOTP and recovery codes).

One gate, ``session_verified``: a staff account holds its powers in a request only when it
came by the browser session (an API token never carries them: accounts.permissions) and that
session passed a second factor of this account. allauth records each factor a session passes
(``account_authentication_methods``, kept per user): its login stage (``/accounts/2fa/
authenticate/``), its re-verification (``/accounts/2fa/reauthenticate/``), and, recorded here,
the enrolment itself (activating TOTP checks a code of the new secret). Whatever uses a staff
power asks through this module: accounts.permissions (``StaffBySessionOnly`` and
``acting_user``: the audit, adjudication, the dispute queue, the game reads), the Django admin
(``gate_admin_site``), the staff pages (``staff_page``) and sockets (accounts.sockets).

A staff member without the factor reads what any player would, is sent to enrol (no
authenticator yet) or to enter a code (this session has not), and the staff APIs answer 403
``second_factor_required``. Logging in with a password to an account that has an authenticator
goes through allauth's login stage (``begin_login``): the session is not logged in until the
code is entered.
"""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlencode

from allauth.account.internal.flows.login import get_authentication_records
from allauth.account.internal.flows.login import perform_login
from allauth.account.internal.flows.login import record_authentication
from allauth.account.models import Login
from allauth.core import context
from allauth.mfa.base.forms import AuthenticateForm
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled
from django.contrib import messages
from django.contrib.auth import login
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

# What counts as a second factor (recovery codes only come with one of these).
FACTORS = (Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN)
# Where the management pages of the factor live (allauth.mfa, under /accounts/2fa/).
MANAGE_PREFIX = "/accounts/2fa/"


def _django_request(request):
    """The HttpRequest behind a DRF Request (or the request itself)."""
    return getattr(request, "_request", request)


def has_second_factor(user) -> bool:
    """Has ``user`` an authenticator (TOTP; WebAuthn were it enabled)?"""
    if user is None or not user.is_authenticated:
        return False
    return is_mfa_enabled(user, list(FACTORS))


def session_verified(request, user=None) -> bool:
    """Did this session pass a second factor of ``user`` (default: the request's user) that
    the account still has? Another account's records never count (allauth keeps them per
    user), nor a factor since removed."""
    request = _django_request(request)
    user = user if user is not None else getattr(request, "user", None)
    if getattr(request, "session", None) is None or not has_second_factor(user):
        return False
    records = get_authentication_records(request, user)
    passed = {r.get("id") for r in records if r.get("method") == "mfa"}
    if not passed:
        return False
    return Authenticator.objects.filter(user_id=user.pk, pk__in=passed).exists()


def next_step_url(request, next_url: str = "") -> str:
    """Where a staff member without a verified factor goes: enrol, or enter a code."""
    user = _django_request(request).user
    if not has_second_factor(user):
        return reverse("mfa_activate_totp")
    url = reverse("mfa_reauthenticate")
    return f"{url}?{urlencode({'next': next_url})}" if next_url else url


def send_to_second_factor(request, next_url: str = ""):
    """Redirect a staff member to enrol or verify, saying why."""
    if has_second_factor(request.user):
        text = _("Staff tools need your second factor: enter a code from your authenticator app.")
    else:
        text = _(
            "Staff tools need a second factor: set up an authenticator app (scan the code, "
            "then enter the code it shows) and keep the recovery codes."
        )
    messages.warning(request, text)
    return redirect(next_step_url(request, next_url))


def staff_page(view):
    """For the staff pages (audit, disputes): a staff member whose session has not passed the
    second factor is sent to enrol or verify first, then comes back."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        user = request.user
        if user.is_authenticated and user.is_staff and not session_verified(request):
            return send_to_second_factor(request, request.get_full_path())
        return view(request, *args, **kwargs)

    return wrapped


# -- logging in --------------------------------------------------------------------------------


def is_same_site_path(value: str) -> bool:
    """Is ``value`` a path on this site (not ``//host``, ``/\\host`` nor a full URL)?"""
    return (
        bool(value)
        and value.startswith("/")
        and url_has_allowed_host_and_scheme(value, allowed_hosts=set())
    )


def begin_login(request, user, next_url: str = "") -> str | None:
    """Log ``user`` in after their password was checked, or, when the account has a second
    factor, start allauth's login stage: return the URL where its code is entered (the session
    stays logged out until then). ``request`` is the HttpRequest."""
    request = _django_request(request)
    if has_second_factor(user):
        record_authentication(request, user, "password", username=user.get_username())
        response = perform_login(request, Login(user=user, redirect_url=next_url or None))
        if getattr(request.user, "pk", None) != user.pk:
            return response["Location"]
        return None
    login(request, user)
    # A password just typed counts as a recent one for allauth's "confirm it is you" checks,
    # so enrolling right after logging in does not ask for it again.
    record_authentication(
        request, user, "password", username=user.get_username(), reauthenticated=True
    )
    return None


def check_code(user, code: str) -> bool:
    """Is ``code`` a current TOTP code (not used before) or an unused recovery code of
    ``user``? allauth's own check, under its ``login_failed`` rate limit; a good code is spent."""
    form = AuthenticateForm(data={"code": code or ""}, user=user)
    if not form.is_valid():
        return False
    form.authenticator.record_usage()
    return True


# -- enrolment counts as verification ---------------------------------------------------------


def record_enrolment(sender, instance=None, created=False, **kwargs) -> None:
    """``post_save`` of an Authenticator: activating TOTP on allauth's page checked a code of
    the new secret in this very session, so the session has passed it (recorded as allauth
    records a factor). Only the owner's own request counts (not an admin adding one for
    someone), and recovery codes made anew prove nothing. Were the activation rolled back,
    the record names an authenticator that does not exist, which ``session_verified`` ignores.
    (allauth's ``authenticator_added`` comes after the commit: too late for a test's
    transaction, and the same request anyway.)"""
    request = context.request
    if not created or instance is None or instance.type not in FACTORS or request is None:
        return
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or user.pk != instance.user_id:
        return
    record_authentication(request, user, "mfa", id=instance.pk, type=instance.type, enrolled=True)


class SecondFactorMiddleware:
    """Managing the second factor (allauth's pages under /accounts/2fa/: turning TOTP off,
    showing or making recovery codes) needs the factor in this session, not just a password:
    otherwise a stolen password would swap the authenticator for the thief's. Entering a code
    (authenticate, reauthenticate) and enrolling when there is none stay open."""

    OPEN = ("authenticate/", "reauthenticate/", "totp/activate/")

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        path = request.path_info
        if (
            path.startswith(MANAGE_PREFIX)
            and path[len(MANAGE_PREFIX) :] not in ("",) + self.OPEN
            and has_second_factor(request.user)
            and not session_verified(request)
        ):
            return send_to_second_factor(request, request.get_full_path())
        return self.get_response(request)


# -- the Django admin --------------------------------------------------------------------------


def gate_admin_site(site) -> None:
    """The admin opens to staff whose session passed the second factor only."""
    if getattr(site, "_second_factor_gate", False):
        return
    plain = site.has_permission

    def has_permission(request):
        return plain(request) and session_verified(request)

    site.has_permission = has_permission
    site._second_factor_gate = True
