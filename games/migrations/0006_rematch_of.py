# "Play again with the same seats": a table remembers the ended game it replays, once.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_fairness_v2"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rematch_of",
            field=models.OneToOneField(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="rematch",
                to="games.game",
            ),
        ),
    ]
