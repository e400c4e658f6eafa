"""Notifications as a kind plus params (the old rows keep their text, shown as is), the mail's
claim and ``emailed_at`` instead of a flag set whether the mail went or not, and the per-kind
email preferences, into which User.email_turns moves (accounts 0008 then drops it)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


# Every query on the migration's own connection (``schema_editor.connection.alias``): migrate may
# run as the owner role on another alias (MIGRATE_DATABASE_URL), and a query on the default one
# would wait for the locks of the migration's own open transaction, for ever.


def forwards(apps, schema_editor):
    db = schema_editor.connection.alias
    Notification = apps.get_model("notifications", "Notification")
    EmailPreference = apps.get_model("notifications", "EmailPreference")
    User = apps.get_model(settings.AUTH_USER_MODEL.split(".")[0], settings.AUTH_USER_MODEL.split(".")[1])
    Notification.objects.using(db).filter(emailed=True).update(emailed_at=models.F("created_at"))
    from django.utils import timezone

    now = timezone.now()
    EmailPreference.objects.using(db).bulk_create(
        [
            EmailPreference(user_id=pk, kind="your_turn", enabled=False, updated_at=now)
            for pk in User.objects.using(db)
            .filter(email_turns=False)
            .values_list("pk", flat=True)
        ],
        batch_size=500,
    )


def backwards(apps, schema_editor):
    db = schema_editor.connection.alias
    Notification = apps.get_model("notifications", "Notification")
    EmailPreference = apps.get_model("notifications", "EmailPreference")
    User = apps.get_model(settings.AUTH_USER_MODEL.split(".")[0], settings.AUTH_USER_MODEL.split(".")[1])
    Notification.objects.using(db).filter(emailed_at__isnull=False).update(emailed=True)
    off = EmailPreference.objects.using(db).filter(kind="your_turn", enabled=False)
    User.objects.using(db).filter(pk__in=off.values("user_id")).update(email_turns=False)


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0007_language_sounds"),
        ("notifications", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="notification",
            name="params",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="notification",
            name="email_pending",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="notification",
            name="email_claimed_until",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="notification",
            name="email_attempts",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="notification",
            name="emailed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name="EmailPreference",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=32)),
                ("enabled", models.BooleanField()),
                ("updated_at", models.DateTimeField()),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="email_preferences",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("user", "kind"), name="email_preference_per_kind")
                ],
            },
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(model_name="notification", name="emailed"),
        migrations.AddIndex(
            model_name="notification",
            index=models.Index(
                condition=models.Q(("email_pending", True)),
                fields=["created_at"],
                name="notifications_email_pending",
            ),
        ),
    ]
