"""`manage.py check --deploy --database default`: warn when the platform's own database role
could rewrite the log (eventstore.roles)."""

from django.core.checks import Tags
from django.core.checks import Warning
from django.core.checks import register
from django.db import connections

HINT = (
    "Connect web, worker and beat as a role that owns nothing and is no superuser, and run "
    "migrate as the owner with MIGRATE_DATABASE_URL (deploy/README.md, 'Database roles')."
)


@register(Tags.database, deploy=True)
def check_app_role(app_configs=None, databases=None, **kwargs):
    """Warn if DATABASE_URL's role is a superuser, owns the event table, or may change it (or
    one of its partitions)."""
    if not databases or "default" not in databases:
        return []
    connection = connections["default"]
    if connection.vendor != "postgresql":
        return []
    with connection.cursor() as cursor:
        cursor.execute(
            # The table and each of its partitions (eventstore migration 0004): a statement
            # can name a partition.
            "SELECT r.rolsuper, pg_has_role(current_user, c.relowner, 'MEMBER'), "
            "bool_or(has_table_privilege(t.relid, 'UPDATE, DELETE, TRUNCATE')) "
            "FROM pg_roles r, pg_class c, pg_partition_tree(c.oid) t "
            "WHERE r.rolname = current_user AND c.oid = to_regclass('eventstore_event') "
            "GROUP BY r.rolsuper, c.relowner"
        )
        row = cursor.fetchone()
    if row is None:
        return []
    superuser, owner, writes = row
    why = (
        "is a superuser"
        if superuser
        else "owns the event table"
        if owner
        else "may update, delete or truncate events"
        if writes
        else ""
    )
    if not why:
        return []
    return [
        Warning(
            f"The platform's database role {connection.settings_dict.get('USER') or ''!r} "
            f"{why}: it could switch the append-only trigger off and rewrite history.",
            hint=HINT,
            id="eventstore.W001",
        )
    ]
