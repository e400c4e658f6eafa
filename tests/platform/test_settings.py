import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from config.settings import database_from_env, env_flag, env_list

REPO = Path(__file__).resolve().parents[2]


def test_manage_py_check_passes():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--fail-level", "WARNING"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_stdlib_platform_module_is_not_shadowed():
    import platform

    assert platform.python_version().startswith("3.")
    assert not (REPO / "platform" / "__init__.py").exists()
    assert Path(platform.__file__).parent != REPO / "platform"


def test_database_is_postgresql_for_a_postgres_url():
    db = database_from_env({"DATABASE_URL": "postgres://alice:pw@db.example:5433/mt"})

    assert db["ENGINE"] == "django.db.backends.postgresql"
    assert (db["NAME"], db["USER"], db["HOST"], db["PORT"]) == ("mt", "alice", "db.example", 5433)


def test_database_is_embedded_sqlite_in_var_without_a_url(tmp_path):
    db = database_from_env({}, base_dir=tmp_path)

    assert {k: db[k] for k in ("ENGINE", "NAME")} == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(tmp_path / "var" / "db.sqlite3"),
    }


def test_sqlite_path_can_be_moved_by_env(tmp_path):
    db = database_from_env({"DJANGO_SQLITE_PATH": str(tmp_path / "x.sqlite3")})

    assert db["NAME"] == str(tmp_path / "x.sqlite3")


def test_database_url_wins_over_sqlite_path(tmp_path):
    db = database_from_env(
        {"DATABASE_URL": "postgres://postgres@127.0.0.1/mt", "DJANGO_SQLITE_PATH": "x"}
    )

    assert db["ENGINE"] == "django.db.backends.postgresql"


def test_env_flag_and_list_parsing():
    assert env_flag({}, "DJANGO_DEBUG", default=True) is True
    assert env_flag({"DJANGO_DEBUG": "0"}, "DJANGO_DEBUG", default=True) is False
    assert env_flag({"DJANGO_DEBUG": "yes"}, "DJANGO_DEBUG", default=False) is True
    assert env_list({"H": "a.org, b.org,"}, "H", default=[]) == ["a.org", "b.org"]
    assert env_list({}, "H", default=["localhost"]) == ["localhost"]


def test_settings_are_the_shared_defaults():
    assert settings.TIME_ZONE == "UTC"
    assert settings.USE_TZ is True
    assert settings.AUTH_USER_MODEL == "accounts.User"
    assert [code for code, _ in settings.LANGUAGES] == ["en", "th", "hu", "ja", "it", "tl"]
    assert settings.REDIS_URL == os.environ.get("REDIS_URL", "").strip()


@pytest.mark.django_db
def test_user_is_stored_in_the_configured_database():
    user = get_user_model().objects.create_user(
        username="botty", password="x-very-secret-9", is_bot=True, bot_strategy="greedy"
    )

    stored = get_user_model().objects.get(pk=user.pk)
    assert (stored.is_bot, stored.bot_strategy) == (True, "greedy")
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        assert connection.vendor == "postgresql"
    elif not os.environ.get("DATABASE_URL"):
        assert connection.vendor == "sqlite"


@pytest.mark.django_db
def test_home_page_says_the_platform_is_running(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"The platform is running" in response.content
