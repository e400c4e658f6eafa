from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0008_email_turns_to_preferences"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="deleted_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.CreateModel(
            name="RetiredUsername",
            fields=[
                ("digest", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("retired_at", models.DateTimeField()),
            ],
        ),
    ]
