"""``manage.py catalogs``: the interface's message catalogs, checked against the sources.

``--check`` (what ``make test`` runs) regenerates every catalog from the sources into a
temporary copy of the tree, as ``makemessages`` would here, and fails, one line per catalog, on
any entry that is untranslated or fuzzy there: a string added to a template or a script without
its translations fails, however complete the committed files look. It also fails when a
committed ``.mo`` does not give what its ``.po`` says (a catalog edited and not compiled).

``--update`` regenerates the catalogs in place (new strings come in empty, changed ones fuzzy)
and compiles them; translate what it reports, then run ``--check``.

Django's ``makemessages`` and ``compilemessages`` do the work (GNU gettext underneath); what is
written here is only the copy, the counting and the report, which no maintained tool does for a
Django tree.
"""

from __future__ import annotations

import gettext
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

DOMAINS = ("django", "djangojs")
# What the catalogs are made from: the apps and their templates and scripts, not the tests.
SOURCES = ("manage.py", "platform", "games", "tournaments", "frontend")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", ".mypy_cache")


def languages() -> list[str]:
    """The interface's languages other than the one the sources are written in."""
    return [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def copy_sources(root: Path, dest: Path) -> None:
    """Copy what the catalogs are made from (``SOURCES`` of the tree at ``root``) to ``dest``,
    with its locale folder: a tree whose catalogs can be regenerated without harm."""
    for name in SOURCES:
        source = root / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=IGNORE)
        else:
            shutil.copy2(source, dest / name)


def makemessages(root: Path, langs: list[str]) -> None:
    """Regenerate the catalogs of the tree at ``root`` (its own settings, so its own locale
    folder), the way they are kept here: no source locations, no obsolete entries."""
    common = [sys.executable, "manage.py", "makemessages", "--no-location", "--no-obsolete"]
    common += [f"--locale={lang}" for lang in langs]
    common += ["--ignore=.venv/*", "--ignore=tests/*", "--ignore=node_modules/*", "-v0"]
    for domain, extra in (("django", []), ("djangojs", ["--ignore=platform/*"])):
        run([*common, f"--domain={domain}", *extra], cwd=root)


def run(args: list[str], cwd: Path) -> None:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise CommandError(f"{' '.join(args[1:4])} failed: {tail[0]}")


@dataclass
class Problem:
    catalog: str
    text: str

    def __str__(self) -> str:
        return f"{self.catalog}: {self.text}"


def untranslated(po: Path) -> tuple[int, int]:
    """(untranslated, fuzzy) entries of ``po``."""
    return len(_msgids(po, "--untranslated")), len(_msgids(po, "--only-fuzzy"))


def _msgids(po: Path, flag: str) -> list[str]:
    done = subprocess.run(["msgattrib", flag, "--no-wrap", str(po)], capture_output=True, text=True)
    if done.returncode != 0:
        raise CommandError(f"msgattrib could not read {po}: {done.stderr.strip()}")
    ids = [line[len("msgid ") :] for line in done.stdout.splitlines() if line.startswith("msgid ")]
    return [i for i in ids if i != '""']  # the header's


def stale_mo(po: Path) -> list[str]:
    """The msgids whose compiled ``.mo`` translation differs from the ``.po`` (all of them when
    there is no .mo)."""
    mo = po.with_suffix(".mo")
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp) / "fresh.mo"
        run(["msgfmt", "--check", "-o", str(fresh), str(po)], cwd=Path(tmp))
        want = _catalog(fresh)
    have = _catalog(mo) if mo.exists() else {}
    return [key for key, text in want.items() if have.get(key) != text]


def _catalog(mo: Path) -> dict:
    """A compiled catalog's entries (the header's left out)."""
    with mo.open("rb") as fh:
        entries = getattr(gettext.GNUTranslations(fh), "_catalog", {})
    return {k: v for k, v in entries.items() if k}


class Command(BaseCommand):
    help = "Check the message catalogs against the sources (--check), or update them (--update)."

    def add_arguments(self, parser):
        mode = parser.add_mutually_exclusive_group(required=True)
        mode.add_argument("--check", action="store_true", help="fail on anything untranslated")
        mode.add_argument("--update", action="store_true", help="regenerate and compile in place")

    def handle(self, *args, check: bool, update: bool, **options):
        if shutil.which("msgattrib") is None:
            raise CommandError("GNU gettext is missing: install the `gettext` package")
        root = Path(settings.BASE_DIR)
        locale = Path(settings.LOCALE_PATHS[0])
        langs = languages()
        if update:
            makemessages(root, langs)
            run([sys.executable, "manage.py", "compilemessages", "-v0"], cwd=root)
            for lang in langs:
                for domain in DOMAINS:
                    po = locale / lang / "LC_MESSAGES" / f"{domain}.po"
                    missing, fuzzy = untranslated(po)
                    self.stdout.write(f"{lang}/{domain}: {missing} untranslated, {fuzzy} fuzzy")
            return
        problems = self.problems(root, locale, langs)
        if problems:
            raise CommandError(
                f"{len(problems)} catalog problems (run `manage.py catalogs --update`, translate, "
                "compile):\n" + "\n".join(str(p) for p in problems)
            )
        self.stdout.write(f"catalogs complete: {len(langs)} languages x {len(DOMAINS)} domains")

    def problems(self, root: Path, locale: Path, langs: list[str]) -> list[Problem]:
        found: list[Problem] = []
        with tempfile.TemporaryDirectory(prefix="catalogs-") as tmp:
            copy = Path(tmp)
            copy_sources(root, copy)
            makemessages(copy, langs)
            regenerated = copy / locale.relative_to(root)
            for lang in langs:
                for domain in DOMAINS:
                    name = f"{lang}/{domain}.po"
                    fresh = regenerated / lang / "LC_MESSAGES" / f"{domain}.po"
                    missing = _msgids(fresh, "--untranslated")
                    fuzzy = _msgids(fresh, "--only-fuzzy")
                    if missing:
                        found.append(
                            Problem(name, f"{len(missing)} untranslated, e.g. {missing[0]}")
                        )
                    if fuzzy:
                        found.append(Problem(name, f"{len(fuzzy)} fuzzy, e.g. {fuzzy[0]}"))
                    committed = locale / lang / "LC_MESSAGES" / f"{domain}.po"
                    if committed.exists():
                        stale = stale_mo(committed)
                        if stale:
                            found.append(
                                Problem(name, f"{len(stale)} entries not compiled into its .mo")
                            )
        return found
