"""Root URL configuration."""

from django.contrib import admin
from django.contrib.staticfiles.urls import staticfiles_urlpatterns
from django.urls import include
from django.urls import path
from django.urls import re_path
from django.views.generic import RedirectView
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts.admin_login import admin_login
from core.catalog import VersionedJavaScriptCatalog
from frontend import views as frontend_views
from trust.views import published_keys_view

urlpatterns = [
    # Ahead of the admin's own: its login under the API's login limits (accounts.admin_login).
    path("admin/login/", admin_login, name="admin-login"),
    path("admin/", admin.site.urls),
    path("", include("core.urls")),  # /healthz, /readyz, /metrics
    path(
        ".well-known/mexican-train-keys.json",
        published_keys_view,
        name="published-keys",
    ),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view serves its start-up script from ?script: no inline code under the CSP.
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api-schema", template_name="core/swagger_ui.html"
        ),
        name="api-docs",
    ),
    # ReDoc is no longer served: it cannot run under the strict Content-Security-Policy (it
    # injects <style> elements before it knows a nonce, starts its search worker from a blob:
    # URL and loads its logo from cdn.redoc.ly). Old links land on Swagger UI.
    path("api/redoc/", RedirectView.as_view(pattern_name="api-docs"), name="api-redoc"),
    path("api/v1/", include("accounts.urls")),
    path("api/v1/", include("chat.urls")),  # ahead of games.urls: games/<id>/chat
    path("api/v1/", include("analysis.urls")),
    path("api/v1/", include("games.urls")),
    path("api/v1/", include("ratings.urls")),
    path("api/v1/", include("notifications.urls")),
    path("api/v1/", include("disputes.urls")),
    path("api/v1/", include("tournaments.urls")),
    path("api/v1/", include("matchmaking.urls")),
    path("api/v1/", include("teams.urls")),
    # The header's language switch, remembered for a signed-in player (frontend.views).
    path("i18n/setlang/", frontend_views.set_language, name="set_language"),
    # allauth's pages (restyled: frontend/templates/account/): email verification, password
    # reset and change, email addresses. Sign-up and login stay /signup and /login.
    path("accounts/login/", RedirectView.as_view(url="/login", query_string=True)),
    path("accounts/signup/", RedirectView.as_view(url="/signup")),
    path("accounts/", include("allauth.urls")),
    path("jsi18n/", JavaScriptCatalog.as_view(domain="djangojs"), name="javascript-catalog"),
    # What the pages load: per language and catalog version, cached for a year (core.catalog).
    re_path(
        r"^jsi18n/(?P<language>[a-z]{2,3}(?:-[a-z0-9]+)?)/(?P<version>[^/]+)/$",
        VersionedJavaScriptCatalog.as_view(),
        name="javascript-catalog-versioned",
    ),
    path("", include("frontend.urls")),
]

# Serves frontend/static/ only when DEBUG is on (the embedded default); in production the
# WhiteNoise middleware serves the collected files (DJANGO_PROFILE=production).
urlpatterns += staticfiles_urlpatterns()

# JSON errors under /api/, the platform's own pages elsewhere, in the reader's language (used
# when DEBUG is off; the CSRF failure's is settings.CSRF_FAILURE_VIEW). core.views says more.
handler400 = "core.views.bad_request"
handler403 = "core.views.permission_denied"
handler404 = "core.views.page_not_found"
handler500 = "core.views.server_error"
