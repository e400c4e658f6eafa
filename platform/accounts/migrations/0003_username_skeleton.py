"""Add User.username_skeleton (accounts.skeleton) and fill it for existing accounts; 0004 makes
it unique, in a transaction of its own (no ALTER TABLE after this one's row updates)."""

from django.db import migrations, models


def fill_skeletons(apps, schema_editor):
    from accounts.skeleton import username_skeleton

    User = apps.get_model("accounts", "User")
    # The connection migrate runs on (the owner's, under MIGRATE_DATABASE_URL): another one would
    # wait forever for the lock this migration's ALTER TABLE holds.
    users = User.objects.using(schema_editor.connection.alias)
    seen = set()
    # Oldest first: if two existing accounts already fold alike, the older keeps the skeleton
    # and the newer gets it marked with its id (a space no username can hold) rather than
    # failing the migration; saving that account again asks for a new username.
    for user in users.order_by("date_joined", "pk").only("pk", "username"):
        skeleton = username_skeleton(user.username)
        if skeleton in seen:
            skeleton = f"{skeleton} (account {user.pk})"
        seen.add(skeleton)
        users.filter(pk=user.pk).update(username_skeleton=skeleton)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0002_vacation"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(editable=False, null=True),
        ),
        migrations.RunPython(fill_skeletons, migrations.RunPython.noop),
    ]
