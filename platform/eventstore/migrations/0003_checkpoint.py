"""Signed checkpoints of each stream's head, append-only like the events; TRUNCATE of either
table only by its owner.

PostgreSQL: the trigger function now lets a TRUNCATE through only when the session has set
``eventstore.maintenance = 'on'`` AND the current user is the table's owner (or a member of the
owner role, which a superuser is). The application's role owns nothing (eventstore.roles), so
no setting it can make lets it empty the log. UPDATE and DELETE are refused to everyone; an
owner can still switch the trigger off, which is what the signed checkpoints are for.
"""

from django.db import migrations, models

PG_FUNCTION = """
CREATE OR REPLACE FUNCTION eventstore_event_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE'
       AND current_setting('eventstore.maintenance', true) = 'on'
       AND pg_has_role(
           current_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'MEMBER'
       ) THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""
PG_OLD_FUNCTION = """
CREATE OR REPLACE FUNCTION eventstore_event_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' AND current_setting('eventstore.maintenance', true) = 'on' THEN
        RETURN NULL;
    END IF;
    RAISE EXCEPTION 'eventstore_event is append-only: % refused', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
"""
PG_FORWARD = """
CREATE TRIGGER eventstore_checkpoint_no_update_delete
    BEFORE UPDATE OR DELETE ON eventstore_checkpoint
    FOR EACH ROW EXECUTE FUNCTION eventstore_event_append_only();
CREATE TRIGGER eventstore_checkpoint_no_truncate
    BEFORE TRUNCATE ON eventstore_checkpoint
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS eventstore_checkpoint_no_truncate ON eventstore_checkpoint;
DROP TRIGGER IF EXISTS eventstore_checkpoint_no_update_delete ON eventstore_checkpoint;
"""
SQLITE_FORWARD = [
    """CREATE TRIGGER eventstore_checkpoint_no_update BEFORE UPDATE ON eventstore_checkpoint
       BEGIN SELECT RAISE(ABORT, 'eventstore_checkpoint is append-only: UPDATE refused'); END;""",
    """CREATE TRIGGER eventstore_checkpoint_no_delete BEFORE DELETE ON eventstore_checkpoint
       BEGIN SELECT RAISE(ABORT, 'eventstore_checkpoint is append-only: DELETE refused'); END;""",
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS eventstore_checkpoint_no_update;",
    "DROP TRIGGER IF EXISTS eventstore_checkpoint_no_delete;",
]


def forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_FUNCTION, params=None)
        schema_editor.execute(PG_FORWARD, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_FORWARD:
            schema_editor.execute(sql)


def backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD, params=None)
        schema_editor.execute(PG_OLD_FUNCTION, params=None)
    elif vendor == "sqlite":
        for sql in SQLITE_BACKWARD:
            schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0002_append_only_trigger")]

    operations = [
        migrations.CreateModel(
            name="Checkpoint",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("stream", models.CharField(max_length=80)),
                ("first_seq", models.PositiveIntegerField()),
                ("seq", models.PositiveIntegerField()),
                ("head_hash", models.CharField(max_length=64)),
                ("key_id", models.CharField(max_length=64)),
                ("signature", models.CharField(max_length=128)),
                ("created_at", models.DateTimeField()),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("stream", "seq"), name="eventstore_checkpoint_stream_seq"
                    )
                ],
            },
        ),
        migrations.RunPython(forward, backward),
    ]
