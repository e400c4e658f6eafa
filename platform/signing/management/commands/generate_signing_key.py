"""manage.py generate_signing_key [--out FILE]: make a new Ed25519 signing key.

Without --out the seed is printed (to put in SIGNING_KEY); with it, the seed is written to FILE
(mode 0600, never over an existing file) for SIGNING_KEY_FILE. The public key and its id are
printed either way: they are what the platform will publish.
"""

import os
import secrets
from datetime import UTC
from datetime import datetime

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from games.engine.attestation import private_key
from games.engine.attestation import public_key_hex
from signing.keyring import format_time
from signing.keys import key_id_of


class Command(BaseCommand):
    help = "Generate an Ed25519 signing key (SIGNING_KEY or SIGNING_KEY_FILE); show its public key."

    def add_arguments(self, parser):
        parser.add_argument("--out", help="write the seed to this new file (mode 0600)")

    def handle(self, *args, out=None, **options):
        seed = secrets.token_bytes(32)
        public = public_key_hex(private_key(seed))
        if out:
            try:
                fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                raise CommandError(f"{out} exists: refusing to overwrite a key") from None
            except OSError as exc:
                raise CommandError(f"cannot create {out}: {exc.strerror}") from None
            with os.fdopen(fd, "w") as f:
                f.write(seed.hex() + "\n")
            self.stdout.write(f"SIGNING_KEY_FILE={out}")
        else:
            self.stdout.write(f"SIGNING_KEY={seed.hex()}")
        now = format_time(datetime.now(UTC).replace(microsecond=0))
        self.stdout.write(f"SIGNING_KEY_VALID_FROM={now}")
        self.stdout.write(f"public key: {public}")
        self.stdout.write(f"key id: {key_id_of(public)}")
