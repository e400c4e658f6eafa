"""`manage.py migrate`, as the owner role when MIGRATE_DATABASE_URL is set; then the app role's
rights (eventstore.roles).

Django's own migrate, with one change: its ``--database`` defaults to the ``owner`` alias when
config.settings defines it (from MIGRATE_DATABASE_URL). The web, worker and beat processes
connect as the application's role (DATABASE_URL), which owns nothing; only the owner can create
and alter tables. After migrating as the owner, the app role (DATABASE_URL's user) is granted
what it needs again, so tables a migration just created are covered. Without
MIGRATE_DATABASE_URL (the embedded default, development, tests) nothing changes.
"""

from django.conf import settings
from django.core.management.base import CommandError
from django.core.management.commands.migrate import Command as DjangoMigrate
from django.db import connections

from eventstore import roles

OWNER = "owner"


class Command(DjangoMigrate):
    help = DjangoMigrate.help + " As the owner role (MIGRATE_DATABASE_URL) when it is set."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        if OWNER in settings.DATABASES:
            parser.set_defaults(database=OWNER)

    def handle(self, *args, **options):
        super().handle(*args, **options)
        if options["database"] != OWNER or options["plan"] or options["check_unapplied"]:
            return
        app = settings.DATABASES["default"].get("USER") or ""
        if not app or app == settings.DATABASES[OWNER].get("USER"):
            return
        try:
            run = roles.grant(connections[OWNER], app)
        except roles.RoleError as exc:
            raise CommandError(str(exc)) from None
        if options["verbosity"] >= 1:
            self.stdout.write(f"Granted the app role {app} its rights ({len(run)} statements).")
