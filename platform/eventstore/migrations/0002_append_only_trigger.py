"""Refuse UPDATE, DELETE and TRUNCATE on the event table, in the database itself.

PostgreSQL: TRUNCATE is let through only in a session that has set
``eventstore.maintenance = 'on'`` (test database flushes, restoring a dump into a new database);
UPDATE and DELETE never are. SQLite has no TRUNCATE; UPDATE and DELETE abort.
"""

from django.db import migrations

PG_FORWARD = """
CREATE OR REPLACE FUNCTION eventstore_event_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' AND current_setting('eventstore.maintenance', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'eventstore_event is append-only: % refused', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
CREATE TRIGGER eventstore_event_no_update_delete
    BEFORE UPDATE OR DELETE ON eventstore_event
    FOR EACH ROW EXECUTE FUNCTION eventstore_event_append_only();
CREATE TRIGGER eventstore_event_no_truncate
    BEFORE TRUNCATE ON eventstore_event
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS eventstore_event_no_truncate ON eventstore_event;
DROP TRIGGER IF EXISTS eventstore_event_no_update_delete ON eventstore_event;
DROP FUNCTION IF EXISTS eventstore_event_append_only();
"""
SQLITE_FORWARD = [
    """CREATE TRIGGER eventstore_event_no_update BEFORE UPDATE ON eventstore_event
       BEGIN SELECT RAISE(ABORT, 'eventstore_event is append-only: UPDATE refused'); END;""",
    """CREATE TRIGGER eventstore_event_no_delete BEFORE DELETE ON eventstore_event
       BEGIN SELECT RAISE(ABORT, 'eventstore_event is append-only: DELETE refused'); END;""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS eventstore_event_no_update;",
    "DROP TRIGGER IF EXISTS eventstore_event_no_delete;",
]


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_FORWARD:
            schema_editor.execute(sql)


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_BACKWARD:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0001_initial")]
    operations = [migrations.RunPython(forward, backward)]
