"""The error pages are the platform's own (issue 31, item 10): 403, 404, 500 and the CSRF
failure in the site's layout, in the reader's language, with a way back; under /api/ the same
failures stay JSON with their stable codes."""

from __future__ import annotations

import json
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.test import Client
from django.test import RequestFactory
from django.urls import include
from django.urls import path
from django.utils import translation

from core import views

AUDIT = f"/audit/games/{uuid.uuid4()}"


def boom(request):
    raise RuntimeError("secret-hand-6-6")


def form(request):
    return HttpResponse("a form's target")


# The platform's URLs plus a page that fails and a plain Django view behind the CSRF check.
urlpatterns = [
    path("boom", boom),
    path("api/v1/boom", boom),
    path("form", form),
    path("", include("config.urls")),
]
handler403 = "core.views.permission_denied"
handler404 = "core.views.page_not_found"
handler500 = "core.views.server_error"


@pytest.fixture
def player(client):
    user = get_user_model().objects.create_user(username="ana", password="pw-long-enough-1")
    client.force_login(user)
    return user


def text(response) -> str:
    return response.content.decode()


@pytest.mark.django_db
def test_a_player_on_a_staff_page_gets_the_platforms_403_in_japanese(client, player):
    client.cookies["django_language"] = "ja"

    response = client.get(AUDIT)

    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")
    page = text(response)
    assert 'data-testid="forbidden"' in page
    assert 'class="site-header"' in page  # the site's layout
    assert '<html lang="ja">' in page
    assert "このページを開くことはできません" in page
    assert 'href="/"' in page  # the way back
    assert 'href="/lobby"' in page
    assert "403 Forbidden" not in page


@pytest.mark.django_db
def test_the_403_page_follows_accept_language(player):
    client = Client(HTTP_ACCEPT_LANGUAGE="it")
    client.force_login(player)

    page = text(client.get(AUDIT))

    assert '<html lang="it">' in page
    assert "Non puoi aprire questa pagina" in page


@pytest.mark.django_db
def test_an_anonymous_403_offers_to_log_in():
    request = RequestFactory().get("/somewhere")
    request.user = AnonymousUser()

    response = views.permission_denied(request, PermissionDenied())

    page = text(response)
    assert response.status_code == 403
    assert 'data-testid="error-login"' in page
    assert 'href="/login?next=/somewhere"' in page


@pytest.mark.django_db
def test_a_missing_page_is_the_platforms_404_in_hungarian_with_a_way_back():
    client = Client(HTTP_ACCEPT_LANGUAGE="hu")

    response = client.get("/no-such-page")

    assert response.status_code == 404
    page = text(response)
    assert 'data-testid="not-found"' in page
    assert '<html lang="hu">' in page
    assert "Az oldal nem található" in page
    assert 'href="/"' in page
    assert 'data-testid="error-login"' in page  # anonymous: signing in may help


@pytest.mark.django_db
def test_api_paths_keep_their_json_errors(player):
    client = Client(HTTP_ACCEPT_LANGUAGE="ja")
    client.force_login(player)

    missing = client.get("/api/v1/no-such-thing")
    staff_only = client.get(f"/api/v1/audit/games/{uuid.uuid4()}")

    assert missing.status_code == 404
    assert missing["Content-Type"] == "application/json"
    assert missing.json()["code"] == "not_found"
    assert staff_only.status_code == 403
    assert staff_only["Content-Type"] == "application/json"
    assert staff_only.json()["code"] == "staff_only"


# -- 500: a static page that needs no database -------------------------------------------------


def test_a_500_is_the_platforms_page_in_the_readers_language_without_the_database(settings):
    """No django_db mark: a query while handling the error would fail this test."""
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)
    client.cookies["django_language"] = "it"

    response = client.get("/boom")

    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    page = text(response)
    assert 'data-testid="server-error"' in page
    assert '<html lang="it">' in page
    assert "Qualcosa è andato storto" in page
    assert 'href="/"' in page
    assert "secret-hand" not in page
    assert "Traceback" not in page


def test_a_500_under_the_api_stays_json(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(raise_request_exception=False)

    response = client.get("/api/v1/boom")

    assert response.status_code == 500
    assert response.json() == {"code": "server_error", "detail": "Internal server error."}


def test_the_500_page_still_answers_when_its_template_cannot_render(monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("the template engine is broken")

    monkeypatch.setattr(views.loader, "get_template", broken)
    with translation.override("ja"):
        response = views.server_error(RequestFactory().get("/games"))

    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")
    assert b'href="/"' in response.content


# -- the CSRF failure ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_form_posted_without_its_csrf_token_gets_the_platforms_page_in_thai(settings):
    settings.ROOT_URLCONF = __name__
    client = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="th")

    response = client.post("/form", {"x": "1"})

    assert response.status_code == 403
    page = text(response)
    assert 'data-testid="csrf-failure"' in page
    assert '<html lang="th">' in page
    assert 'class="site-header"' in page
    assert "หน้านี้หมดอายุแล้ว" in page
    assert 'href="/"' in page
    assert 'data-testid="error-login"' in page  # anonymous: a stale session, sign in again


@pytest.mark.django_db
def test_a_csrf_failure_under_the_api_is_json_forbidden(settings):
    settings.ROOT_URLCONF = __name__
    request = RequestFactory().post("/api/v1/anything")

    response = views.csrf_failure(request, reason="CSRF cookie not set.")

    assert response.status_code == 403
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content)["code"] == "forbidden"


def test_the_csrf_failure_view_is_the_platforms(settings):
    assert settings.CSRF_FAILURE_VIEW == "core.views.csrf_failure"
