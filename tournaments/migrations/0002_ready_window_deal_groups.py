# Record version 2 at tournament tables: a ready window between the seating (the commitment
# published) and the start, and a duplicate deal group's one server seed and contributions.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_fairness_v2"),
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="ready_seconds",
            field=models.PositiveSmallIntegerField(default=15),
        ),
        migrations.CreateModel(
            name="TournamentDealGroup",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("number", models.PositiveSmallIntegerField()),
                ("server_seed", models.CharField(max_length=64)),
                ("server_seed_commitment", models.CharField(max_length=64)),
                ("committed_at", models.DateTimeField()),
                ("contributions", models.JSONField(blank=True, null=True)),
                ("started_at", models.DateTimeField(blank=True, null=True)),
                (
                    "round",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="deal_groups",
                        to="tournaments.tournamentround",
                    ),
                ),
            ],
            options={
                "ordering": ["round", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("round", "number"), name="tournaments_deal_group_unique"
                    )
                ],
            },
        ),
    ]
