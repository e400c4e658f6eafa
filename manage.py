#!/usr/bin/env python
"""Django's command-line utility for the Mexican Train platform."""

import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent


def main():
    """Put platform/ on sys.path and run a management command."""
    # platform/ is a source folder, not a package: its packages (config, core, ...) are
    # imported by their own names.
    sys.path.insert(0, str(REPO / "platform"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:
        # A setting the environment gives wrong (or leaves out where it is required): the
        # message names the variable and what to do; a traceback would bury it.
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
