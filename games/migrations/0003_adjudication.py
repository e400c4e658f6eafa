# A game staff annulled (games.adjudication) has the status "void". Only the choices change:
# no database operation.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_clocks'),
    ]

    operations = [
        migrations.AlterField(
            model_name='game',
            name='status',
            field=models.CharField(choices=[('open', 'Open'), ('active', 'Active'), ('finished', 'Finished'), ('abandoned', 'Abandoned'), ('void', 'Void')], default='open', max_length=16),
        ),
    ]
