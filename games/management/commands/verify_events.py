"""manage.py verify_events [GAME ...]: recompute each game's hash chain, check its signed
checkpoints (a chain recomputed after an edit no longer passes through the heads the platform
signed), and replay its log. One line a game; exits 1 naming how many failed."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from games.integrity import verify_game
from games.models import Game
from games.models import GameStatus


class Command(BaseCommand):
    help = (
        "Recompute the hash chain, check the signed checkpoints and replay the events of games; "
        "name the first bad event or checkpoint."
    )

    def add_arguments(self, parser):
        parser.add_argument("games", nargs="*", help="game ids (default: every started game)")

    def handle(self, *args, games, **options):
        if games:
            found = []
            for gid in games:
                try:
                    found.append(Game.objects.get(pk=gid))
                except (Game.DoesNotExist, ValidationError, ValueError):
                    raise CommandError(f"no game {gid}") from None
        else:
            found = list(Game.objects.exclude(status=GameStatus.OPEN).order_by("created_at"))
        bad = 0
        for game in found:
            verdict = verify_game(game)
            self.stdout.write(f"{game.id} {verdict}")
            bad += not verdict.ok
        if bad:
            raise CommandError(f"{bad} of {len(found)} games failed verification")
        self.stdout.write(f"{len(found)} games verified")
