"""DJANGO_PROFILE=production: `manage.py check --deploy` passes, and what it cannot run
without is refused at start with a clear message. Each case runs in a subprocess: settings
are read once per process."""

from __future__ import annotations

import json
import os
import re
import secrets
from pathlib import Path

import pytest

from tests.support.commands import manage

# slow lane: manage.py processes under the production profile
pytestmark = pytest.mark.slow

HOST = "mexican-train.example.org"
VAPID_KEY = "Xy2MRaG5kTPo6i1mh6ILXd_w9Z60OlAvm4bbAeP6r5g"  # a P-256 private key, for no one
REPO = Path(__file__).resolve().parents[2]


def production_env(**overrides: str | None) -> dict[str, str]:
    """The environment of a production process: this one's (its database), plus the profile."""
    env = {
        **os.environ,
        "DJANGO_PROFILE": "production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "SIGNING_KEY": secrets.token_hex(32),  # required too (signing.keys)
    }
    env.pop("SIGNING_KEY_FILE", None)
    env.pop("DJANGO_DEBUG", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    for name, value in overrides.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return env


def production_settings(**overrides: str | None) -> dict:
    code = (
        "import json; from django.conf import settings as s; print(json.dumps({k: getattr(s, k)"
        " for k in ['DEBUG', 'ALLOWED_HOSTS', 'CSRF_TRUSTED_ORIGINS', 'SESSION_COOKIE_SECURE',"
        " 'CSRF_COOKIE_SECURE', 'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS',"
        " 'SECURE_HSTS_INCLUDE_SUBDOMAINS', 'SECURE_PROXY_SSL_HEADER', 'MIDDLEWARE', 'STORAGES',"
        " 'LOG_FORMAT', 'SILENCED_SYSTEM_CHECKS']}, default=list))"
    )
    result = manage("shell", "-c", code, env=production_env(**overrides))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_check_deploy_passes_at_warning_level_under_the_production_profile():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues (0 silenced)" in result.stdout


def test_check_deploy_fails_without_the_production_profile():
    env = production_env(DJANGO_PROFILE=None)
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "security.W012" in result.stderr  # session cookie not secure
    assert "security.W018" not in result.stderr  # DEBUG is off there too


@pytest.mark.parametrize(
    ("setting", "refusal"),
    [
        pytest.param(
            {"DJANGO_SECRET_KEY": None},
            "DJANGO_SECRET_KEY must be set when DJANGO_PROFILE=production",
            id="without-a-secret-key",
        ),
        pytest.param(
            {"DJANGO_ALLOWED_HOSTS": " "},
            "DJANGO_ALLOWED_HOSTS must be set when DJANGO_PROFILE=production",
            id="without-allowed-hosts",
        ),
        pytest.param({"DJANGO_DEBUG": "1"}, "DJANGO_DEBUG must be unset or 0", id="debug-on"),
        pytest.param(
            {"DJANGO_PROFILE": "prod"},
            "DJANGO_PROFILE must be unset or 'production'",
            id="an-unknown-profile",
        ),
        pytest.param(
            {"WEB_PUSH_VAPID_PRIVATE_KEY": "change-me"},
            "WEB_PUSH_VAPID_PRIVATE_KEY holds no P-256 private key",
            id="a-vapid-key-that-is-none",
        ),
        pytest.param(
            {"WEB_PUSH_INSECURE_ENDPOINTS": "1"},
            "WEB_PUSH_INSECURE_ENDPOINTS must be unset or 0 in production",
            id="http-push-endpoints",
        ),
        pytest.param(
            {"WEB_PUSH_VAPID_PRIVATE_KEY": VAPID_KEY, "WEB_PUSH_VAPID_SUBJECT": "ops"},
            "WEB_PUSH_VAPID_SUBJECT must be a mailto: address or an https: URL",
            id="a-push-contact-that-is-none",
        ),
    ],
)
def test_production_refuses_to_start(setting, refusal):
    result = manage("check", env=production_env(**setting))
    assert result.returncode == 2
    assert result.stderr.startswith("error: "), result.stderr  # one line, no traceback
    assert "Traceback" not in result.stderr
    assert refusal in result.stderr


def test_production_settings_are_secure_behind_a_tls_proxy():
    s = production_settings(DJANGO_CSRF_TRUSTED_ORIGINS=f"https://{HOST},https://admin.example.org")
    assert s["DEBUG"] is False
    assert s["ALLOWED_HOSTS"] == [HOST]
    assert s["CSRF_TRUSTED_ORIGINS"] == [f"https://{HOST}", "https://admin.example.org"]
    assert s["SESSION_COOKIE_SECURE"] is True
    assert s["CSRF_COOKIE_SECURE"] is True
    assert s["SECURE_SSL_REDIRECT"] is True
    assert s["SECURE_HSTS_SECONDS"] >= 31_536_000
    assert s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] is True
    assert s["SECURE_PROXY_SSL_HEADER"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["LOG_FORMAT"] == "json"
    middleware = s["MIDDLEWARE"]
    assert middleware[0] == "core.health.ProbeMiddleware"
    security = middleware.index("django.middleware.security.SecurityMiddleware")
    assert middleware[security + 1 : security + 3] == [
        "core.compression.GZipMiddleware",
        "core.static.StaticFilesMiddleware",  # WhiteNoise, hashed files cached for a year
    ]
    assert (
        s["STORAGES"]["staticfiles"]["BACKEND"] == "core.storage.ModuleManifestStaticFilesStorage"
    )


def test_turning_the_https_redirect_off_silences_only_its_own_check():
    env = production_env(DJANGO_SECURE_SSL_REDIRECT="0")
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert production_settings(DJANGO_SECURE_SSL_REDIRECT="0")["SILENCED_SYSTEM_CHECKS"] == [
        "security.W008"
    ]


def test_the_default_profile_keeps_the_embedded_settings(settings):
    assert settings.PROFILE == "default"
    # WhiteNoise serves the static files straight from the apps' folders (DEBUG is off), and
    # the built docs site at /docs/
    assert "core.static.StaticFilesMiddleware" in settings.MIDDLEWARE
    assert settings.WHITENOISE_USE_FINDERS is True
    assert settings.LOG_FORMAT == "text"


def test_the_embedded_default_runs_with_debug_off():
    env = {k: v for k, v in os.environ.items() if k not in {"DJANGO_DEBUG", "DJANGO_PROFILE"}}
    code = "from django.conf import settings as s; print(s.DEBUG, s.ALLOWED_HOSTS)"
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False ['localhost', '127.0.0.1', '[::1]']"
    on = manage("shell", "-c", code, env={**env, "DJANGO_DEBUG": "1"})
    assert on.stdout.strip().splitlines()[-1].startswith("True")


METRICS_PROBE = (
    "from django.test import Client; c = Client();"
    " r = c.get('/metrics'); a = c.get('/metrics', HTTP_AUTHORIZATION='Bearer t0ken-for-test');"
    " print(r.status_code, a.status_code, r.content.decode().strip())"
)


# Without a token: tests/hardening/test_headers.py.


def test_production_metrics_need_the_token_when_set():
    env = production_env(METRICS_TOKEN="t0ken-for-test")
    result = manage("shell", "-c", METRICS_PROBE, env=env)
    assert result.returncode == 0, result.stderr
    status, with_header, _ = result.stdout.strip().splitlines()[-1].split(" ", 2)
    assert (status, with_header) == ("401", "200")


def test_collectstatic_builds_the_manifest_and_whitenoise_serves_hashed_files(tmp_path):
    """What the image build does, then a request for a static file through the middleware."""
    env = production_env(DJANGO_STATIC_ROOT=str(tmp_path / "static"))
    result = manage("collectstatic", "--noinput", "--verbosity", "0", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    hashed = manifest["frontend/css/site.css"]
    assert hashed != "frontend/css/site.css"
    assert (tmp_path / "static" / (hashed + ".gz")).exists()
    code = (
        "from django.test import Client; from django.templatetags.static import static;"
        f" r = Client().get(static('frontend/css/site.css'), HTTP_HOST='{HOST}',"
        " HTTP_X_FORWARDED_PROTO='https');"
        " print(r.status_code, static('frontend/css/site.css'), r['Cache-Control'])"
    )
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    status, url, cache_control = result.stdout.strip().splitlines()[-1].split(" ", 2)
    assert status == "200"
    assert "immutable" in cache_control
    assert "max-age=31536000," in cache_control  # a year
    assert url == f"/static/{hashed}"


def test_the_service_worker_precaches_the_manifests_hashed_names(tmp_path):
    """Under the production storage every precached URL is the collected file's hashed name
    (the ES modules' too), so a deploy that changes a file changes the worker's script."""
    env = production_env(DJANGO_STATIC_ROOT=str(tmp_path / "static"))
    result = manage("collectstatic", "--noinput", "--verbosity", "0", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    manifest = json.loads((tmp_path / "static" / "staticfiles.json").read_text())["paths"]
    code = (
        "from django.test import Client;"
        f" r = Client().get('/sw.js', HTTP_HOST='{HOST}', HTTP_X_FORWARDED_PROTO='https');"
        " print(r.status_code); print(r.content.decode().split(chr(10))[2])"
    )
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    status, precache = result.stdout.strip().splitlines()[-2:]
    assert status == "200"
    entries = json.loads(precache.removeprefix("const PRECACHE = ").removesuffix(";"))
    urls = {entry["url"] for entry in entries}
    for name in ("frontend/js/site.js", "frontend/js/pwa.js", "frontend/css/site.css"):
        assert f"/static/{manifest[name]}" in urls
        assert manifest[name] != name
    assert all(entry["hashed"] for entry in entries)


@pytest.mark.parametrize("variable", ["DJANGO_SECRET_KEY", "METRICS_TOKEN", "SIGNING_KEY"])
def test_production_refuses_to_start_with_the_example_secret_of_the_k8s_manifests(variable):
    """Copying deploy/k8s/secret.yaml as it stands passed `check --deploy`: anyone who read the
    repository held the key that signs sessions, password resets and email confirmations."""
    text = (REPO / "deploy" / "k8s" / "secret.yaml").read_text(encoding="utf-8")
    example = re.search(rf"^\s*{variable}:\s*(\S+)", text, re.M).group(1)
    result = manage("check", "--deploy", env=production_env(**{variable: example}))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith(f"error: {variable} "), result.stderr


def test_production_sends_pushes_only_once_given_a_vapid_key():
    """No key: no pushes (each process would make a key of its own) and nothing generated
    into var/; a key: its public key is the one browsers subscribe with, and the contact is
    SITE_URL's host."""
    code = (
        "import json; from django.conf import settings as s; print(json.dumps([s.WEB_PUSH_ENABLED,"
        " s.WEB_PUSH_VAPID_PUBLIC_KEY, s.WEB_PUSH_VAPID_SUBJECT]))"
    )
    env = production_env(WEB_PUSH_VAPID_PRIVATE_KEY=None, WEB_PUSH_VAPID_PRIVATE_KEY_FILE=None)
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1])[:2] == [False, ""]

    from notifications.vapid import public_key_of

    env = production_env(WEB_PUSH_VAPID_PRIVATE_KEY=VAPID_KEY, SITE_URL=f"https://{HOST}/")
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == [
        True,
        public_key_of(VAPID_KEY),
        f"https://{HOST}",
    ]
