"""manage.py analyse_games [--game ID ...] [--all] [--recompute]: analyse finished games."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from analysis.services import analyse_game
from analysis.services import games_to_analyse
from games.models import Game


class Command(BaseCommand):
    help = "Analyse finished games (accuracy, luck, the skill index): docs/analysis.md."

    def add_arguments(self, parser):
        parser.add_argument("--game", action="append", default=[], help="a game id (repeatable)")
        parser.add_argument(
            "--all", action="store_true", help="every finished game without a current analysis"
        )
        parser.add_argument(
            "--recompute", action="store_true", help="analyse again games already analysed"
        )

    def handle(self, *args, game, all, recompute, **options):
        ids = list(game)
        if all:
            ids += [str(g) for g in games_to_analyse(limit=10_000)]
        if not ids:
            raise CommandError("name a game with --game ID, or pass --all")
        for gid in ids:
            try:
                row = analyse_game(game_id=gid, recompute=recompute)
            except (Game.DoesNotExist, ValidationError):
                raise CommandError(f"no game {gid}") from None
            except ValueError as exc:
                raise CommandError(f"game {gid}: {exc}") from None
            self.stdout.write(f"{gid} {row.status}" + (f": {row.error}" if row.error else ""))
