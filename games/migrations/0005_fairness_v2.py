# Record version 2: the server seed committed when the table opens, the seats' contributions,
# and a tournament table's ready window. Existing games stay version 1.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_seed_hidden"),
    ]

    operations = [
        # Existing rows were dealt under version 1; new games default to version 2.
        migrations.AddField(
            model_name="game",
            name="fairness_version",
            field=models.PositiveSmallIntegerField(default=1),
        ),
        migrations.AlterField(
            model_name="game",
            name="fairness_version",
            field=models.PositiveSmallIntegerField(default=2),
        ),
        migrations.AddField(
            model_name="game",
            name="server_seed",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="game",
            name="server_seed_commitment",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.AddField(
            model_name="game",
            name="committed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="contributions",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="ready_deadline",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="contribution",
            field=models.CharField(blank=True, default="", max_length=256),
        ),
        migrations.AddField(
            model_name="seat",
            name="contributed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="opened_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
