"""`manage.py sign_unsigned_streams`: sign the heads of logs written before checkpoints existed."""

from django.core.management.base import BaseCommand

from eventstore import store


class Command(BaseCommand):
    help = (
        "Sign the current head of every stream that has no checkpoint at all (logs written "
        "before checkpoints existed). Run once when upgrading, after verify_events passed."
    )

    def add_arguments(self, parser):
        parser.add_argument("--prefix", default="", help="only streams starting with this")

    def handle(self, *args, prefix: str, verbosity: int, **options):
        done = store.sign_unsigned_streams(prefix)
        if verbosity >= 2:
            for stream, seq in done:
                self.stdout.write(f"{stream} signed at seq {seq}")
        self.stdout.write(f"{len(done)} streams signed")
