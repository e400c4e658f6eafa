"""manage.py generate_vapid_key [--out FILE]: make a new VAPID key pair for Web Push.

Without --out the private key is printed (to put in WEB_PUSH_VAPID_PRIVATE_KEY); with it, it is
written to FILE (mode 0600, never over an existing file) for WEB_PUSH_VAPID_PRIVATE_KEY_FILE.
The public key is printed either way: browsers subscribe with it (the platform hands it to them:
GET /api/v1/push). A new key orphans the subscriptions made with the old one.
"""

import os

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

from notifications.vapid import generate_private_key
from notifications.vapid import public_key_of


class Command(BaseCommand):
    help = "Generate a VAPID key pair for Web Push (WEB_PUSH_VAPID_PRIVATE_KEY or its _FILE)."

    def add_arguments(self, parser):
        parser.add_argument("--out", help="write the private key to this new file (mode 0600)")

    def handle(self, *args, out=None, **options):
        private = generate_private_key()
        if out:
            try:
                fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                raise CommandError(f"{out} exists: refusing to overwrite a key") from None
            except OSError as exc:
                raise CommandError(f"cannot create {out}: {exc.strerror}") from None
            with os.fdopen(fd, "w") as f:
                f.write(private + "\n")
            self.stdout.write(f"WEB_PUSH_VAPID_PRIVATE_KEY_FILE={out}")
        else:
            self.stdout.write(f"WEB_PUSH_VAPID_PRIVATE_KEY={private}")
        self.stdout.write(f"public key: {public_key_of(private)}")
