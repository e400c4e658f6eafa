"""`manage.py recompute_standings [ID ...] [--check]`: rebuild tournament standings from the
games' events and compare them with the stored ones (the cached table results, the standings
after each round, the tournament's standings and final places)."""

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from tournaments import services
from tournaments.models import Tournament
from tournaments.models import TournamentStatus


class Command(BaseCommand):
    help = "Recompute tournament standings from the games' events (and store them)."

    def add_arguments(self, parser):
        parser.add_argument("ids", nargs="*", type=int, help="tournaments (default: all started)")
        parser.add_argument(
            "--check",
            action="store_true",
            help="only compare; exit with status 1 if any stored standings differ",
        )

    def handle(self, *args, ids, check: bool, verbosity: int, **options):
        if not ids:
            ids = list(
                Tournament.objects.filter(
                    status__in=(TournamentStatus.RUNNING, TournamentStatus.FINISHED)
                )
                .order_by("pk")
                .values_list("pk", flat=True)
            )
        differing = []
        for tournament_id in ids:
            differs = services.tournament_recompute_standings(
                tournament_id=tournament_id, write=not check
            )
            if differs:
                differing.append(tournament_id)
            if verbosity:
                what = ("differs" if check else "rewritten") if differs else "matches"
                self.stdout.write(f"tournament {tournament_id}: {what}")
        if check and differing:
            raise CommandError(f"stored standings differ for {differing}", returncode=1)
