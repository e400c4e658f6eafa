"""The admin's login behind the same limits as the API's: password checks per client address
(the ``login`` scope, counted with auth/token and auth/login) and failures per username.

Over a limit the admin's own login page answers 429 with the message and a Retry-After header,
without checking the password. ``config.urls`` routes ``/admin/login/`` here, ahead of the
admin site's own URLs; CSRF is checked before (CsrfViewMiddleware), so another site cannot spend
a visitor's address count.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.contrib.auth import logout
from django.contrib.auth.views import LoginView
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from accounts import second_factor
from core import throttling
from core.errors import CoreError


@sensitive_post_parameters()
@never_cache
def admin_login(request, extra_context=None):
    """Log staff in to the admin, unless their address or username is over its login limit.

    The admin needs the second factor too (accounts.second_factor): staff already logged in
    whose session has not passed it are sent to enrol or enter a code; a password accepted
    here for an account with an authenticator goes on to allauth's code stage, logged out
    until the code is entered."""
    next_url = request.POST.get(REDIRECT_FIELD_NAME) or request.GET.get(REDIRECT_FIELD_NAME, "")
    if not second_factor.is_same_site_path(next_url):
        next_url = reverse("admin:index", current_app=admin.site.name)
    user = request.user
    if user.is_authenticated and user.is_staff and not second_factor.session_verified(request):
        return second_factor.send_to_second_factor(request, next_url)
    if request.method == "POST":
        try:
            throttling.check_login_address(request)
            throttling.check_login_username(
                request.POST.get("username", ""), throttling.login_address(request)
            )
        except throttling.Throttled as refused:
            return _refused(request, refused)
    response = admin.site.login(request, extra_context)
    user = request.user
    if request.method == "POST" and user.is_authenticated and user.is_staff:
        # Logged in again the platform's way: allauth's code stage for an account with an
        # authenticator (logged out until the code), else a session sent to enrol.
        logout(request)
        pending = second_factor.begin_login(request, user, next_url)
        if pending is not None:
            return redirect(pending)
        return second_factor.send_to_second_factor(request, next_url)
    return response


class _RefusingForm(AdminAuthenticationForm):
    """The admin's login form that refuses without checking the password."""

    refusal = ""

    def clean(self):
        raise ValidationError(self.refusal, code=CoreError.THROTTLED)


def _refused(request, refused: throttling.Throttled):
    """Render the admin's login page with the refusal, as AdminSite.login would, status 429."""
    site = admin.site
    context = {
        **site.each_context(request),
        "title": _("Log in"),
        "subtitle": None,
        "app_path": request.get_full_path(),
        "username": request.user.get_username(),
    }
    if REDIRECT_FIELD_NAME not in request.GET and REDIRECT_FIELD_NAME not in request.POST:
        context[REDIRECT_FIELD_NAME] = reverse("admin:index", current_app=site.name)
    form = type("RefusingForm", (_RefusingForm,), {"refusal": refused.detail})
    view = LoginView.as_view(
        extra_context=context,
        authentication_form=form,
        template_name=site.login_template or "admin/login.html",
    )
    response = view(request)
    response.status_code = 429
    response["Retry-After"] = str(refused.wait)
    return response
