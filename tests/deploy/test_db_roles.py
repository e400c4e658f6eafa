"""deploy/postgres/roles.sql and the two-role migrate, for real on the test PostgreSQL server:
the script makes an owner and an app role for a new database, `manage.py migrate` with
MIGRATE_DATABASE_URL builds the schema as the owner and grants the app role its rights; the app
role then passes `migrate --check`, reads and writes what the platform needs, and cannot switch
the event table's trigger off, set session_replication_role or truncate."""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import psycopg
import pytest
from psycopg import sql

from tests.deploy.conftest import DEPLOY
from tests.support.commands import manage

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

ROLES_SQL = DEPLOY / "postgres" / "roles.sql"


def server_url() -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL: set DATABASE_URL")
    return url


def with_user(url: str, db: str, user: str | None = None, password: str | None = None) -> str:
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    netloc = f"{host}:{parts.port or 5432}"
    if user:
        netloc = f"{user}:{password}@{netloc}" if password else f"{user}@{netloc}"
    elif parts.username:
        netloc = f"{parts.username}@{netloc}"
    return urlunsplit(parts._replace(netloc=netloc, path=f"/{db}"))


def roles_sql(psql: str, admin: str, **variables: str) -> subprocess.CompletedProcess:
    """Run deploy/postgres/roles.sql through psql as ``admin`` with the given psql variables."""
    settings = [arg for name, value in variables.items() for arg in ("-v", f"{name}={value}")]
    return subprocess.run(
        [psql, admin, "-v", "ON_ERROR_STOP=1", *settings, "-f", str(ROLES_SQL)],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.fixture(scope="module")
def two_roles():
    """A new database with the owner and app roles of roles.sql, migrated as the owner."""
    psql = shutil.which("psql")
    if psql is None:
        pytest.skip("needs the psql client")
    url = server_url()
    tag = secrets.token_hex(4)
    db, owner, app = f"mt_roles_{tag}", f"mt_owner_{tag}", f"mt_app_{tag}"
    owner_pw, app_pw = secrets.token_hex(12), secrets.token_hex(12)
    admin = with_user(url, "postgres")
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(db)))
    try:
        done = roles_sql(
            psql, admin, db=db, owner=owner, owner_password=owner_pw, app=app, app_password=app_pw
        )
        assert done.returncode == 0, done.stderr
        app_url, owner_url = with_user(url, db, app, app_pw), with_user(url, db, owner, owner_pw)
        env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
        env.update(
            DATABASE_URL=app_url, MIGRATE_DATABASE_URL=owner_url, DATABASE_POOL="0", REDIS_URL=""
        )
        migrated = manage("migrate", "--noinput", env=env, timeout=300)
        assert migrated.returncode == 0, migrated.stderr[-3000:]
        yield {"app": app_url, "owner": owner_url, "env": env, "out": migrated.stdout}
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(db))
            )
            for role in (app, owner):
                conn.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(role)))


def test_migrate_runs_as_the_owner_and_grants_the_app_role(two_roles):
    assert "Granted the app role mt_app_" in two_roles["out"]
    with psycopg.connect(two_roles["owner"]) as conn:
        owners = {
            r[0]
            for r in conn.execute(
                "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'"
            )
        }
        assert owners == {conn.info.user}
        flags = conn.execute(
            "SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert flags == (False, False)


def test_the_app_role_passes_migrate_check_as_the_web_pods_init_container_does(two_roles):
    env = {k: v for k, v in two_roles["env"].items() if k != "MIGRATE_DATABASE_URL"}
    done = manage("migrate", "--check", env=env)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_app_role_writes_what_it_needs_and_only_appends_to_the_log(two_roles):
    with psycopg.connect(two_roles["app"], autocommit=True) as conn:
        flags = conn.execute(
            "SELECT rolsuper, rolcreatedb, rolcreaterole FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
        assert flags == (False, False, False)
        conn.execute(
            "INSERT INTO eventstore_event (stream, seq, type, schema_version, data, actor, "
            "created_at, prev_hash, hash) VALUES ('s', 1, 'Noted', 1, '{}', '{}', now(), '', '')"
        )
        conn.execute(
            "INSERT INTO eventstore_snapshot (stream, seq, version_tag, state, hash, created_at) "
            "VALUES ('s', 1, 'v', '{}', '', now())"
        )
        conn.execute("DELETE FROM eventstore_snapshot WHERE stream = 's'")  # caches: allowed
        refused = {
            "UPDATE eventstore_event SET data = '{}'": "permission denied",
            "DELETE FROM eventstore_event": "permission denied",
            "TRUNCATE eventstore_event": "permission denied",
            "DELETE FROM eventstore_checkpoint": "permission denied",
            "ALTER TABLE eventstore_event DISABLE TRIGGER USER": "must be owner",
            "SET session_replication_role = replica": "permission denied",
            "CREATE TABLE t (id int)": "permission denied",
        }
        for statement, refusal in refused.items():
            with pytest.raises(psycopg.Error, match=refusal):
                conn.execute(statement)
        assert conn.execute("SELECT count(*) FROM eventstore_event").fetchone() == (1,)


def test_roles_sql_refuses_to_demote_the_role_running_it():
    psql = shutil.which("psql")
    if psql is None:
        pytest.skip("needs the psql client")
    admin = with_user(server_url(), "postgres")
    with psycopg.connect(admin) as conn:
        me = conn.info.user
    done = roles_sql(
        psql,
        admin,
        db="postgres",
        owner=me,
        owner_password="x",
        app="nobody_here",
        app_password="y",
    )
    assert done.returncode != 0
    assert "owner and app must be two roles" in done.stderr
    with psycopg.connect(admin) as conn:
        assert conn.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").fetchone()


def test_the_settings_refuse_an_owner_url_of_another_database():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL="postgres://app@127.0.0.1:5432/mexican_train",
        MIGRATE_DATABASE_URL="postgres://owner@127.0.0.1:5432/another_one",
    )
    done = manage("check", env=env)
    assert done.returncode != 0
    assert "MIGRATE_DATABASE_URL must name the same PostgreSQL database as DATABASE_URL" in (
        done.stderr
    )


def deploy_check(env: dict) -> str:
    done = manage("check", "--deploy", "--database", "default", env=env)
    return done.stdout + done.stderr


def test_the_deploy_check_warns_when_the_platform_runs_as_the_owner(two_roles):
    app = {k: v for k, v in two_roles["env"].items() if k != "MIGRATE_DATABASE_URL"}
    assert "eventstore.W001" not in deploy_check(app)
    as_owner = {**app, "DATABASE_URL": two_roles["owner"]}
    out = deploy_check(as_owner)
    assert "eventstore.W001" in out
    assert "owns the event table" in out
