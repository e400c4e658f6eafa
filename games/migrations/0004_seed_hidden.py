# A game whose seed other tables still play (a duplicate tournament round) keeps it hidden.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_adjudication"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="seed_hidden",
            field=models.BooleanField(default=False),
        ),
    ]
