"""Root URL configuration."""

from django.contrib import admin
from django.contrib.staticfiles.urls import staticfiles_urlpatterns
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/", include("games.urls")),
    path("", include("frontend.urls")),
]

# Serves frontend/static/ only when DEBUG is on (the embedded default); production uses a proxy.
urlpatterns += staticfiles_urlpatterns()
