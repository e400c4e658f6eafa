"""The application's database role: what it may do, granted by the owner of the schema.

In production two PostgreSQL roles share the database (deploy/README.md):

- the **owner** (``MIGRATE_DATABASE_URL``) owns every table; ``manage.py migrate`` runs as it.
  Owning a table is what lets a role switch its triggers off, so only the owner can.
- the **app role** (``DATABASE_URL``: web, worker, beat) owns nothing and is not a superuser:
  SELECT, INSERT, UPDATE, DELETE on the platform's tables, but only SELECT and INSERT on the
  event table, the checkpoints and the tables apps register (``register_append_only``: the
  receipt checks kept with disputes), USAGE on the sequences. It cannot alter a table (so cannot
  disable the append-only trigger), cannot set ``session_replication_role`` (a superuser
  setting), and has no TRUNCATE privilege; the trigger refuses TRUNCATE to non-owners anyway.
  The partitions of an append-only table (the event table's, eventstore migration 0004) are
  tables a statement can name too: they are narrowed like their parent.

``grant(connection, role)`` makes it so, idempotently; ``manage.py migrate`` calls it as the
owner after every migration when the app role is another user (config.settings), and
``manage.py grant_app_role ROLE`` does it by hand. Default privileges cover the tables later
migrations create; the append-only tables are narrowed again on every call.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence

from django.db.backends.base.base import BaseDatabaseWrapper

APPEND_ONLY_TABLES = ["eventstore_event", "eventstore_checkpoint"]


def register_append_only(table: str) -> None:
    """Let the app role only read and append to ``table`` (an app's record of what happened,
    kept as evidence: trust's receipt checks); called from the owning app's ready()."""
    if table not in APPEND_ONLY_TABLES:
        APPEND_ONLY_TABLES.append(table)


def statements(
    role: str,
    owner: str,
    schema: str = "public",
    partitions: Mapping[str, Sequence[str]] | None = None,
) -> list[tuple[str, tuple]]:
    """Return the SQL (with its identifiers already quoted) that gives ``role`` its rights.

    ``partitions`` maps an append-only table to its partitions (``partitions_of``): "ALL
    TABLES" grants them UPDATE and DELETE like any table, so they are narrowed too."""
    from psycopg import sql

    r, o, s = sql.Identifier(role), sql.Identifier(owner), sql.Identifier(schema)
    out = [
        sql.SQL("GRANT USAGE ON SCHEMA {} TO {}").format(s, r),
        # The app role never changes the schema (PostgreSQL 15 already denies CREATE to PUBLIC).
        sql.SQL("REVOKE CREATE ON SCHEMA {} FROM {}").format(s, r),
        sql.SQL("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {} TO {}").format(
            s, r
        ),
        sql.SQL("REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA {} FROM {}").format(
            s, r
        ),
        sql.SQL("GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA {} TO {}").format(s, r),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {} IN SCHEMA {} "
            "GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {}"
        ).format(o, s, r),
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {} IN SCHEMA {} "
            "GRANT USAGE, SELECT ON SEQUENCES TO {}"
        ).format(o, s, r),
    ]
    for table in APPEND_ONLY_TABLES:
        for name in [table, *(partitions or {}).get(table, ())]:
            t = sql.Identifier(schema, name)
            out.append(sql.SQL("REVOKE UPDATE, DELETE, TRUNCATE ON {} FROM {}").format(t, r))
            out.append(sql.SQL("GRANT SELECT, INSERT ON {} TO {}").format(t, r))
    return out


def partitions_of(cursor, tables: Sequence[str], schema: str = "public") -> dict[str, list[str]]:
    """Return each partitioned table of ``tables`` with its partitions' names (at any depth)."""
    found: dict[str, list[str]] = {}
    for table in tables:
        cursor.execute(
            "SELECT c.relname FROM pg_partition_tree(to_regclass(%s)) t "
            "JOIN pg_class c ON c.oid = t.relid WHERE t.level > 0 ORDER BY c.relname",
            [f'"{schema}"."{table}"'],
        )
        names = [row[0] for row in cursor.fetchall()]
        if names:
            found[table] = names
    return found


class RoleError(Exception):
    """The role cannot be given the app role's rights (one sentence why)."""


def grant(connection: BaseDatabaseWrapper, role: str) -> list[str]:
    """Give ``role`` the app role's rights on the database ``connection`` (the owner's) is on.

    Refuses a role that is a superuser, owns a table of the schema, or is (a member of) the
    owner: such a role could switch the trigger off whatever it is granted. Returns the
    statements run.
    """
    if connection.vendor != "postgresql":
        raise RoleError("database roles are PostgreSQL's: the embedded SQLite has none")
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user")
        owner = cursor.fetchone()[0]
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = %s", [role])
        found = cursor.fetchone()
        if found is None:
            raise RoleError(f"there is no role {role!r} (create it first: deploy/README.md)")
        if found[0]:
            raise RoleError(f"{role!r} is a superuser: the app role must not be one")
        cursor.execute("SELECT pg_has_role(%s, %s, 'MEMBER')", [role, owner])
        if cursor.fetchone()[0]:
            raise RoleError(f"{role!r} is {owner!r} or a member of it: the app role must not be")
        cursor.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tableowner = %s",
            [role],
        )
        if cursor.fetchone()[0]:
            raise RoleError(f"{role!r} owns tables of the schema: the app role must own none")
        run = []
        partitions = partitions_of(cursor, APPEND_ONLY_TABLES)
        for statement in statements(role, owner, partitions=partitions):
            text = statement.as_string(cursor.connection)
            cursor.execute(text)
            run.append(text)
    return run
