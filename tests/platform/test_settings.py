import os
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection

from config.env import caches_from_env
from config.env import database_from_env
from config.env import env_flag
from config.env import env_list
from tests.support.commands import manage

REPO = Path(__file__).resolve().parents[2]


def test_manage_py_check_passes():
    result = manage("check", "--fail-level", "WARNING", env=dict(os.environ))
    assert result.returncode == 0, result.stdout + result.stderr


def test_stdlib_platform_module_is_not_shadowed():
    import platform

    assert platform.python_version().startswith("3.")
    assert not (REPO / "platform" / "__init__.py").exists()
    assert Path(platform.__file__).parent != REPO / "platform"


def test_database_is_postgresql_for_a_postgres_url():
    db = database_from_env({"DATABASE_URL": "postgres://alice:pw@db.example:5433/mt"})

    # Django's backend with the platform's check of pooled connections (config.postgresql);
    # Django's own without the pool.
    assert db["ENGINE"] == "config.postgresql"
    unpooled = {"DATABASE_URL": "postgres://alice:pw@db.example:5433/mt", "DATABASE_POOL": "0"}
    assert database_from_env(unpooled)["ENGINE"] == "django.db.backends.postgresql"
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

    assert db["ENGINE"] == "config.postgresql"


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
def test_home_page_tells_a_visitor_what_to_do_next(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"No table is waiting for players: open one, or play against bots at once." in (
        response.content
    )
    assert b'href="/lobby"' in response.content


def test_email_url_smtp_with_credentials_tls_and_a_timeout():
    from config.env import email_from_env

    got = email_from_env(
        {"EMAIL_URL": "smtp://me%40x.org:p%3Ass@mail.example:2525?tls=1", "EMAIL_TIMEOUT": "5"}
    )
    assert got["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (got["EMAIL_HOST"], got["EMAIL_PORT"]) == ("mail.example", 2525)
    assert (got["EMAIL_HOST_USER"], got["EMAIL_HOST_PASSWORD"]) == ("me@x.org", "p:ss")
    assert (got["EMAIL_USE_TLS"], got["EMAIL_USE_SSL"], got["EMAIL_TIMEOUT"]) == (True, False, 5)


def test_email_url_smtps_console_file_and_the_default():
    from config.env import email_from_env

    assert email_from_env({"EMAIL_URL": "smtps://h"})["EMAIL_PORT"] == 465
    assert email_from_env({"EMAIL_URL": "console://"})["EMAIL_BACKEND"].endswith(
        "console.EmailBackend"
    )
    got = email_from_env({"EMAIL_URL": "file:///tmp/mails"})
    assert got == {
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": "/tmp/mails",
        "EMAIL_TIMEOUT": 10.0,
    }
    default = email_from_env({})
    assert default["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert default["EMAIL_TIMEOUT"] == 10
    host = email_from_env(
        {
            "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "EMAIL_HOST": "relay",
            "EMAIL_PORT": "587",
            "EMAIL_USE_TLS": "1",
        }
    )
    assert (host["EMAIL_HOST"], host["EMAIL_PORT"], host["EMAIL_USE_TLS"]) == ("relay", 587, True)


def test_email_url_with_an_unknown_scheme_refuses_to_start():
    from django.core.exceptions import ImproperlyConfigured

    from config.env import email_from_env

    with pytest.raises(ImproperlyConfigured):
        email_from_env({"EMAIL_URL": "pigeon://coop"})


def test_the_channel_layer_names_in_redis_start_with_the_configured_prefix():
    """Publish/subscribe channels ignore Redis's database number: two platforms sharing one
    Redis keep apart only by the prefix (CHANNEL_LAYER_PREFIX)."""
    from config.env import CHANNEL_LAYER_KINDS
    from config.env import channel_layers_from_env

    for kind in CHANNEL_LAYER_KINDS:
        default = channel_layers_from_env("redis://127.0.0.1:6379/0", kind)["default"]
        assert default["CONFIG"]["prefix"] == "asgi"
        own = channel_layers_from_env("redis://127.0.0.1:6379/0", kind, "site-b")["default"]
        assert own["CONFIG"]["prefix"] == "site-b"
    assert channel_layers_from_env("", "pubsub", "site-b")["default"]["BACKEND"] == (
        "channels.layers.InMemoryChannelLayer"
    )


def test_channel_redis_urls_become_the_hosts_of_either_layer_in_their_order():
    from config.env import CHANNEL_LAYER_KINDS
    from config.env import CHANNEL_LAYER_SOCKET_TIMEOUT
    from config.env import channel_layers_from_env
    from config.env import redis_urls_from_env

    env = {"CHANNEL_REDIS_URLS": " redis://r2:6379/0, rediss://:pw@r1:6380/3 ,unix:///run/r.sock,"}
    urls = redis_urls_from_env(env)
    assert urls == ["redis://r2:6379/0", "rediss://:pw@r1:6380/3", "unix:///run/r.sock"]
    backends = {}
    for kind in CHANNEL_LAYER_KINDS:
        default = channel_layers_from_env(urls, kind, "site-b")["default"]
        assert default["CONFIG"]["hosts"] == [
            {"address": url, "socket_timeout": CHANNEL_LAYER_SOCKET_TIMEOUT} for url in urls
        ]
        assert default["CONFIG"]["prefix"] == "site-b"
        backends[kind] = default["BACKEND"]
    assert backends == {
        "pubsub": "realtime.layers.RedisPubSubChannelLayer",
        # send() to one socket's channel on the host it is read from (realtime.layers)
        "queues": "realtime.layers.RedisChannelLayer",
    }


def test_without_channel_redis_urls_the_layer_is_on_redis_url_alone():
    from config.env import channel_layers_from_env
    from config.env import redis_urls_from_env

    assert redis_urls_from_env({}) == []
    assert redis_urls_from_env({"CHANNEL_REDIS_URLS": "  "}) == []
    urls = redis_urls_from_env({"REDIS_URL": "redis://one:6379/0"})
    hosts = channel_layers_from_env(urls or "redis://one:6379/0")["default"]["CONFIG"]["hosts"]
    assert [host["address"] for host in hosts] == ["redis://one:6379/0"]
    assert channel_layers_from_env([])["default"]["BACKEND"] == (
        "channels.layers.InMemoryChannelLayer"
    )


@pytest.mark.parametrize(
    ("value", "says"),
    [
        pytest.param(
            "redis://a:6379/0,http://b:80",
            "item 2 of 2 is not a Redis URL: it must start redis://",
            id="scheme",
        ),
        pytest.param(
            "a:6379,b:6379", "item 1 of 2 is not a Redis URL: it must start", id="no-scheme"
        ),
        pytest.param(
            "redis://a:6379/0,,redis://b:6379/0",
            "item 2 of 3 is not a Redis URL: it is empty",
            id="empty",
        ),
        pytest.param(",", "item 1 of 1 is not a Redis URL: it is empty", id="only-a-comma"),
        pytest.param("redis://a:63x79/0", "its port must be a number", id="port"),
        pytest.param("redis://a:6379/zero", "its database must be a number", id="database"),
        pytest.param("redis:///0", "it names no host", id="no-host"),
        pytest.param("unix://", "unix:// needs the socket's path", id="no-socket"),
        pytest.param(
            "redis://a:6379/0,redis://a:6379/0",
            "item 2 of 2 is not a Redis URL: it repeats item 1",
            id="twice",
        ),
    ],
)
def test_a_bad_channel_redis_url_list_is_refused_in_one_line_naming_the_item(value, says):
    from django.core.exceptions import ImproperlyConfigured

    from config.env import redis_urls_from_env

    with pytest.raises(ImproperlyConfigured) as refused:
        redis_urls_from_env({"CHANNEL_REDIS_URLS": value})
    message = str(refused.value)
    assert message.startswith("CHANNEL_REDIS_URLS item "), message
    assert says in message
    assert "\n" not in message


def test_a_refused_channel_redis_url_does_not_print_its_password():
    from django.core.exceptions import ImproperlyConfigured

    from config.env import redis_urls_from_env

    with pytest.raises(ImproperlyConfigured) as refused:
        redis_urls_from_env({"CHANNEL_REDIS_URLS": "redis://:s3cret@a:6379/0,http://:s3cret@b"})
    assert "s3cret" not in str(refused.value)
    assert "item 2 of 2" in str(refused.value)


@pytest.mark.slow  # a manage.py process: settings are read once per process
def test_a_bad_channel_redis_url_list_stops_the_platform_at_startup_with_one_line():
    env = {**os.environ, "CHANNEL_REDIS_URLS": "redis://127.0.0.1:6379/0,127.0.0.1:6380"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = manage("check", env=env)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith("error: "), result.stderr  # one line, no traceback
    assert "Traceback" not in result.stderr
    assert "CHANNEL_REDIS_URLS item 2 of 2 is not a Redis URL" in result.stderr


def test_postgresql_statements_are_bound_on_the_server_unless_turned_off():
    url = "postgres://postgres@127.0.0.1/mt"
    on = database_from_env({"DATABASE_URL": url})
    off = database_from_env({"DATABASE_URL": url, "DATABASE_PREPARED": "0"})

    assert (on["OPTIONS"]["server_side_binding"], on["OPTIONS"]["prepare_threshold"]) == (True, 5)
    assert not {"server_side_binding", "prepare_threshold"} & set(off.get("OPTIONS", {}))


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_statement_run_often_is_prepared_on_the_server():
    # psycopg prepares what a connection has run prepare_threshold (5) times: a move's few
    # statements are then parsed and planned once per pooled connection.
    statement = "SELECT %s::integer + 17 AS prepared_probe"
    with connection.cursor() as cursor:
        for n in range(8):
            cursor.execute(statement, [n])
            assert cursor.fetchone() == (n + 17,)
        cursor.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s",
            ["%+ 17 AS prepared_probe%"],
        )
        assert cursor.fetchone() == (1,)


def test_the_cache_keys_prefix_comes_from_the_environment():
    assert caches_from_env("redis://127.0.0.1:6379/0")["default"]["KEY_PREFIX"] == "cache"
    shared = caches_from_env("redis://127.0.0.1:6379/0", "second-platform")
    assert shared["default"]["KEY_PREFIX"] == "second-platform"


def test_a_pooled_process_tries_a_lost_database_at_a_constant_short_interval():
    """psycopg_pool's own attempts double (1, 2, 4 s): after an outage of 4 s the next came up to
    1.6 s after the server was back. The settings make them DATABASE_RECONNECT_SECONDS apart."""
    from psycopg_pool.base import AttemptWithBackoff

    if "pool" not in settings.DATABASES["default"].get("OPTIONS", {}):
        pytest.skip("the pool is on with PostgreSQL only")
    attempt = AttemptWithBackoff(timeout=5)
    delays = []
    for now in (0.0, 0.5, 1.0, 1.5):
        attempt.update_delay(now)
        delays.append(attempt.delay)
    interval = settings.DATABASE_RECONNECT_SECONDS
    assert interval == 0.5  # the default
    assert all(interval * 0.9 <= d <= interval * 1.1 for d in delays), delays
