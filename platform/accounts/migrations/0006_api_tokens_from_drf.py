"""Carry the API tokens of DRF's authtoken app over as digests, then drop its table.

DRF's ``authtoken_token`` kept each key in clear: anyone reading the database (or a backup, or
the admin) could act as any player. Each key becomes an ``ApiToken`` holding only its SHA-512
digest (the client keeps working with the same key, until it expires like any new token), and
the table with the clear keys is dropped.
"""

from datetime import timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone
from knox.crypto import hash_token
from knox.settings import CONSTANTS

DRF_TABLE = "authtoken_token"


def carry_over(apps, schema_editor):
    connection = schema_editor.connection
    if DRF_TABLE not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("accounts", "ApiToken")
    expiry = timezone.now() + timedelta(days=settings.API_TOKEN_TTL_DAYS)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT key, user_id, created FROM {DRF_TABLE}")
        rows = cursor.fetchall()
    ApiToken.objects.bulk_create(
        ApiToken(
            digest=hash_token(key),
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id,
            created=created,
            expiry=expiry,
            name="api",
        )
        for key, user_id, created in rows
    )
    schema_editor.execute(f"DROP TABLE {DRF_TABLE}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_api_tokens")]

    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]
