"""`manage.py grant_app_role ROLE`: give a PostgreSQL role the application's rights, no more."""

from django.core.management.base import BaseCommand
from django.core.management.base import CommandError
from django.db import DEFAULT_DB_ALIAS
from django.db import connections

from eventstore import roles


class Command(BaseCommand):
    help = (
        "Grant ROLE the application's rights as the connected user (the tables' owner): "
        "read and write the platform's tables, only read and insert events and checkpoints."
    )

    def add_arguments(self, parser):
        parser.add_argument("role", help="the application's role (DATABASE_URL's user)")
        parser.add_argument(
            "--database",
            default=None,
            help="the alias to connect as (default: 'owner' when MIGRATE_DATABASE_URL is set, "
            "else 'default')",
        )

    def handle(self, *args, role: str, database: str | None, verbosity: int, **options):
        alias = database or ("owner" if "owner" in connections.settings else DEFAULT_DB_ALIAS)
        if alias not in connections.settings:
            raise CommandError(f"no database alias {alias!r}")
        try:
            run = roles.grant(connections[alias], role)
        except roles.RoleError as exc:
            raise CommandError(str(exc)) from None
        if verbosity >= 2:
            for statement in run:
                self.stdout.write(statement)
        self.stdout.write(f"Granted {role} the application's rights ({len(run)} statements).")
