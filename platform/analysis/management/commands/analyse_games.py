"""manage.py analyse_games [--game ID] [--all] [--recompute]: analyse finished games now."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from analysis.models import AnalysisStatus, GameAnalysis
from analysis.services import analyse_game
from games.bots.analysis import ANALYSIS_VERSION
from games.models import Game, GameStatus


class Command(BaseCommand):
    help = "Analyse finished games (default: those without a current analysis)."

    def add_arguments(self, parser):
        parser.add_argument("--game", action="append", default=[], help="a game id (repeatable)")
        parser.add_argument("--all", action="store_true", help="every finished game")
        parser.add_argument("--recompute", action="store_true", help="analyse again if done")

    def handle(self, *args, game, all, recompute, **options):
        finished = Game.objects.filter(status=GameStatus.FINISHED)
        if game:
            ids = []
            for gid in game:
                try:
                    row = Game.objects.get(pk=gid)
                except (Game.DoesNotExist, ValueError, ValidationError):
                    raise CommandError(f"no game {gid}") from None
                if row.status != GameStatus.FINISHED:
                    raise CommandError(f"game {gid} has not finished")
                ids.append(row.pk)
        elif all:
            ids = list(finished.values_list("id", flat=True))
        else:
            done = GameAnalysis.objects.filter(
                status=AnalysisStatus.DONE, version=ANALYSIS_VERSION
            ).values("game_id")
            ids = list(finished.exclude(id__in=done).values_list("id", flat=True))
        for gid in ids:
            wrote = analyse_game(gid, recompute=recompute)
            status = GameAnalysis.objects.filter(game_id=gid).values_list("status", flat=True)
            self.stdout.write(f"{gid} {'analysed' if wrote else (status.first() or 'skipped')}")
