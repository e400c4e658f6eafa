"""Headers and defaults, as an attacker probes them: every page under a strict
Content-Security-Policy with no inline code to allow, look-alike usernames refused, /metrics shut
in production without its token, no example Secret applied by kustomize, and no technical 404
page in the embedded default."""

from __future__ import annotations

import os
import uuid
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.db import IntegrityError
from django.db import transaction

from accounts.models import User
from tests.deploy.test_production_profile import METRICS_PROBE
from tests.deploy.test_production_profile import production_env
from tests.support.commands import manage
from tests.support.factories import second_factor_login

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
PASSWORD = "a-long-enough-passphrase-41"

# -- Content-Security-Policy ------------------------------------------------------------------

STRICT = {
    "default-src": {"'self'"},
    "script-src": {"'self'"},
    "style-src": {"'self'"},
    "object-src": {"'none'"},
    "base-uri": {"'self'"},
    "frame-ancestors": {"'none'"},
    "form-action": {"'self'"},
}


def policy(response) -> dict[str, set[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"no Content-Security-Policy on {response.request['PATH_INFO']}"
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = set(sources)
    return directives


class InlineCode(HTMLParser):
    """Collect what a strict policy would block: inline scripts, style elements and attributes,
    event-handler attributes, javascript: URLs."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            executable = attrs.get("type") in (None, "", "module", "text/javascript")
            self._script = executable and "src" not in attrs
        if tag == "style":
            self.found.append("<style>")
        for name, value in attrs.items():
            if name == "style" or name.startswith("on"):
                self.found.append(f"<{tag} {name}=>")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"<{tag} {name}=javascript:>")

    def handle_data(self, data):
        if self._script and data.strip():
            self.found.append("inline <script>")

    def handle_endtag(self, tag):
        if tag == "script":
            self._script = False


def inline_code(body: str) -> list[str]:
    parser = InlineCode()
    parser.feed(body)
    return parser.found


def test_the_inline_code_finder_finds_inline_code():
    """The scanner below must be able to fail."""
    page = (
        '<script>alert(1)</script><p style="color:red" onclick="x()"></p><style>p{}</style>'
        '<a href="javascript:x()">x</a><script src="/static/a.js"></script>'
        '<script type="application/json">{"data": 1}</script>'
    )
    assert inline_code(page) == [
        "inline <script>",
        "<p style=>",
        "<p onclick=>",
        "<style>",
        "<a href=javascript:>",
    ]


@pytest.fixture
def staffer(db):
    return User.objects.create_user(
        username="staffer", password=PASSWORD, is_staff=True, is_superuser=True
    )


def html_pages(staff_client) -> list[tuple[object, str]]:
    game = uuid.uuid4()
    anonymous = [
        "/",
        "/lobby",
        "/rules",
        "/login",
        "/signup",
        "/leaderboard",
        "/tournaments",
        f"/games/{game}",
        f"/games/{game}/replay",
        "/players/staffer",
        "/api/docs/",
        "/admin/login/",
        "/no-such-page",
    ]
    staff = [
        "/my-games",
        "/disputes",
        f"/audit/games/{game}",
        "/admin/",
        "/admin/accounts/user/",
        # allauth's second-factor pages (the QR code is a data: image, allowed by img-src).
        "/accounts/2fa/",
        "/accounts/2fa/recovery-codes/",
        "/accounts/2fa/reauthenticate/",
    ]
    return [(None, url) for url in anonymous] + [(staff_client, url) for url in staff]


@pytest.mark.django_db
def test_every_html_page_has_the_strict_policy_and_no_inline_code(client, staffer):
    from django.test import Client

    staff_client = Client()
    second_factor_login(staff_client, staffer, password=PASSWORD)
    checked = 0
    for who, url in html_pages(staff_client):
        response = (who or client).get(url)
        assert response.status_code in (200, 404), (url, response.status_code)
        assert response["Content-Type"].startswith("text/html"), url
        directives = policy(response)
        for name, sources in STRICT.items():
            assert directives.get(name) == sources, (url, name, directives.get(name))
        assert "'self'" in directives["connect-src"], url
        header = response["Content-Security-Policy"]
        assert "unsafe-inline" not in header, url
        assert "unsafe-eval" not in header, url
        assert inline_code(response.content.decode()) == [], url
        checked += 1
    assert checked == 21


@pytest.mark.django_db
def test_the_swagger_page_loads_its_start_up_script_from_its_own_url(client):
    page = client.get("/api/docs/").content.decode()
    assert "/api/docs/?script=" in page
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


def test_redoc_which_needs_inline_styles_is_not_served(client):
    response = client.get("/api/redoc/")
    assert response.status_code == 302
    assert response["Location"] == "/api/docs/"


@pytest.mark.django_db
def test_the_socket_origin_is_in_connect_src(client):
    sources = policy(client.get("/lobby"))["connect-src"]
    assert {"ws://localhost:*", "wss://localhost:*", "ws://127.0.0.1:*"} <= sources
    assert "ws:" not in sources
    assert "wss:" not in sources
    assert "*" not in sources
    assert not [s for s in sources if "[" in s]  # no IPv6 literal: browsers drop the source


# -- look-alike usernames -----------------------------------------------------------------------

CYRILLIC_A = "st\u0430ffer"  # "stаffer", U+0430 CYRILLIC SMALL LETTER A
FULLWIDTH = "\uff53\uff54\uff41\uff46\uff46\uff45\uff52"  # "ｓｔａｆｆｅｒ"


def register(client, username: str):
    return client.post(
        "/api/v1/auth/register",
        {"username": username, "password": PASSWORD},
        content_type="application/json",
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "look_alike",
    [CYRILLIC_A, FULLWIDTH, "STAFFER", "\u0455taffer", "staff\u0435r"],  # ѕ, е Cyrillic
    ids=["cyrillic-a", "fullwidth", "capitals", "cyrillic-dze", "cyrillic-ie"],
)
def test_a_look_alike_of_an_existing_username_is_refused(client, staffer, look_alike):
    assert look_alike != "staffer"
    response = register(client, look_alike)
    assert response.status_code in (400, 409), response.content
    assert response.json()["code"] == "username_taken"
    assert "looks the same" in response.json()["detail"]
    assert User.objects.filter(username=look_alike).count() == 0


@pytest.mark.django_db
def test_the_first_of_two_look_alikes_keeps_the_name_whichever_script_it_uses(client):
    assert register(client, CYRILLIC_A).status_code == 201
    assert register(client, "staffer").json()["code"] == "username_taken"
    assert register(client, "stuffer").status_code == 201  # a different name still registers


@pytest.mark.django_db
def test_the_database_refuses_a_look_alike_even_past_the_service(staffer):
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create_user(username=CYRILLIC_A, password=PASSWORD)
    assert User.objects.get(username="staffer").username_skeleton == "staffer"


@pytest.mark.django_db
def test_the_models_validation_refuses_a_look_alike(staffer):
    from django.core.exceptions import ValidationError

    user = User(username=FULLWIDTH)
    user.set_password(PASSWORD)
    with pytest.raises(ValidationError) as refused:
        user.full_clean()
    assert "username" in refused.value.message_dict


# -- /metrics in production ---------------------------------------------------------------------


def test_production_metrics_are_off_without_a_token():
    """Under the production profile with no METRICS_TOKEN, /metrics exposes nothing to anyone."""
    result = manage("shell", "-c", METRICS_PROBE, env=production_env(METRICS_TOKEN=None))
    assert result.returncode == 0, result.stderr
    status, with_header, body = result.stdout.strip().splitlines()[-1].split(" ", 2)
    assert (status, with_header) == ("404", "404")
    assert "METRICS_TOKEN" in body
    assert "mexican_train_" not in result.stdout


# -- kustomize -----------------------------------------------------------------------------------


def test_kubectl_apply_k_applies_no_secret():
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    kinds = [
        doc["kind"]
        for name in kustomization["resources"]
        for doc in yaml.safe_load_all((K8S / name).read_text())
        if doc
    ]
    assert "Deployment" in kinds
    assert "Secret" not in kinds
    assert not kustomization.get("secretGenerator")


# -- the embedded default ------------------------------------------------------------------------

EMBEDDED_PROBE = (
    "from django.test import Client; c = Client(HTTP_HOST='localhost');"
    " r = c.get('/no-such-page'); s = c.get('/static/frontend/js/site.js');"
    " csp = r.headers.get('Content-Security-Policy', '');"
    " print(r.status_code, s.status_code, \"default-src 'self'\" in csp, 'unsafe' in csp);"
    " print(r.content.decode().replace(chr(10), ' '))"
)


def embedded_env() -> dict[str, str]:
    drop = {"DJANGO_DEBUG", "DJANGO_PROFILE", "DJANGO_SETTINGS_MODULE", "DATABASE_URL"}
    return {k: v for k, v in os.environ.items() if k not in drop}


def test_a_bad_url_in_the_embedded_default_gets_the_platforms_page(tmp_path):
    env = {**embedded_env(), "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    result = manage("shell", "-c", EMBEDDED_PROBE, env=env)
    assert result.returncode == 0, result.stderr
    first, page = result.stdout.strip().splitlines()[-2:]
    assert first == "404 200 True False"  # the platform's 404, the static file, the CSP
    assert 'data-testid="not-found"' in page
    assert 'class="site-header"' in page
    assert "URLconf" not in page
    assert "Using the URLconf" not in page
    assert "DEBUG = True" not in page
    assert "urlpatterns" not in page
