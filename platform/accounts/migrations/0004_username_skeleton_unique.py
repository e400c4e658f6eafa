"""Make User.username_skeleton required and unique: the database refuses look-alike names."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0003_username_skeleton"),
    ]

    operations = [
        migrations.AlterField(
            model_name="user",
            name="username_skeleton",
            field=models.TextField(editable=False, unique=True),
        ),
    ]
