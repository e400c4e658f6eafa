"""manage.py rebuild_projections [GAME ...]: recompute Game and Seat projections from the log."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from games.models import Game
from games.models import GameStatus
from games.projections import game_rebuild_projections


class Command(BaseCommand):
    help = "Recompute games' projections (status, seq, seat to move, result) from their events."

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="game ids (default: every started game)")

    def handle(self, *args, games, **options):
        ids = games or list(
            Game.objects.exclude(status=GameStatus.OPEN).values_list("id", flat=True)
        )
        for gid in ids:
            try:
                game_rebuild_projections(game_id=gid)
            except (Game.DoesNotExist, ValueError, ValidationError):
                raise CommandError(f"no game {gid}") from None
            self.stdout.write(f"{gid} rebuilt")
