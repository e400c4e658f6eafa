"""User.email_turns now lives in notifications.EmailPreference (kind your_turn), copied there by
notifications 0002: one place for every email choice."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0007_language_sounds"),
        ("notifications", "0002_kind_params_email"),
    ]

    operations = [
        migrations.RemoveField(model_name="user", name="email_turns"),
    ]
