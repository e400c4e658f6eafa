"""The receipt checks kept with disputes are evidence: append-only like the events.

PostgreSQL: the event table's trigger function (eventstore 0003) on this table too: UPDATE and
DELETE refused to everyone, TRUNCATE only to the table's owner in a session that set
``eventstore.maintenance`` (a test database's flush). The app role is also granted only SELECT
and INSERT on it (eventstore.roles, registered by trust's ready()). The embedded SQLite has one
user, who owns the file: nothing there to hold back.
"""

from django.db import migrations

PG_FORWARD = """
CREATE TRIGGER trust_receiptcheck_no_update_delete
    BEFORE UPDATE OR DELETE ON trust_receiptcheck
    FOR EACH ROW EXECUTE FUNCTION eventstore_event_append_only();
CREATE TRIGGER trust_receiptcheck_no_truncate
    BEFORE TRUNCATE ON trust_receiptcheck
    FOR EACH STATEMENT EXECUTE FUNCTION eventstore_event_append_only();
"""
PG_BACKWARD = """
DROP TRIGGER IF EXISTS trust_receiptcheck_no_truncate ON trust_receiptcheck;
DROP TRIGGER IF EXISTS trust_receiptcheck_no_update_delete ON trust_receiptcheck;
"""


def forward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PG_FORWARD, params=None)


def backward(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(PG_BACKWARD, params=None)


class Migration(migrations.Migration):
    dependencies = [("trust", "0001_receipt_checks"), ("eventstore", "0003_checkpoint")]
    operations = [migrations.RunPython(forward, backward)]
