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
from django.core.management.base import BaseCommand
from django.core.management.base import CommandError

DOMAINS = ("django", "djangojs")
# What the catalogs are made from: the apps and their templates and scripts, not the tests.
SOURCES = ("manage.py", "platform", "games", "tournaments", "frontend")
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", ".mypy_cache")


# django-allauth serves the account pages (reset, verification, email) and the second factor's,
# and ships catalogs for most of the interface's languages, not all: the missing ones live in
# LOCALE_PATHS[1] ("frontend/locale-allauth"), made of the msgids of allauth's own catalog that
# come from these parts (the social accounts, the identity provider, phones and passkeys are
# not used here).
ALLAUTH_PARTS = ("account/", "mfa/", "templates/account/", "templates/mfa/", "templates/allauth/")
ALLAUTH_UNUSED = ("phone", "webauthn", "socialaccount", "idp", "usersessions", "headless")


def allauth_messages() -> dict[tuple[str | None, str], str]:
    """allauth's messages in the parts used here, from its own catalog: (msgctxt, msgid) ->
    msgid_plural ("" if none)."""
    import allauth

    source = Path(allauth.__file__).parent / "locale" / "en" / "LC_MESSAGES" / "django.po"
    return {
        (entry.msgctxt, entry.msgid): entry.msgid_plural
        for entry in _polib().pofile(str(source))
        if not entry.obsolete and any(_used(path) for path, _ in entry.occurrences)
    }


def _used(path: str) -> bool:
    return path.startswith(ALLAUTH_PARTS) and not any(part in path for part in ALLAUTH_UNUSED)


def _polib():
    try:
        import polib
    except ImportError as missing:  # the test extras are not installed
        raise CommandError("polib is missing: install the test extras (make venv)") from missing
    return polib


def allauth_gaps() -> list[str]:
    """The interface's languages that allauth ships no catalog for."""
    import allauth

    shipped = Path(allauth.__file__).parent / "locale"
    return [lang for lang in languages() if not (shipped / lang / "LC_MESSAGES").is_dir()]


def allauth_catalog(lang: str) -> Path:
    """The catalog of allauth's messages in ``lang``, kept here (LOCALE_PATHS[1])."""
    return Path(settings.LOCALE_PATHS[1]) / lang / "LC_MESSAGES" / "django.po"


def allauth_update(lang: str) -> int:
    """Add to ``lang``'s catalog the allauth messages it lacks (empty, to translate) and drop
    those allauth no longer has; return how many entries are left to translate."""
    polib = _polib()
    path = allauth_catalog(lang)
    if path.exists():
        po = polib.pofile(str(path), wrapwidth=0)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        po = polib.POFile(wrapwidth=0)
        po.metadata = {
            "Project-Id-Version": "mexican-train: django-allauth's pages",
            "Language": lang,
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
        }
    wanted = allauth_messages()
    for entry in [e for e in po if (e.msgctxt, e.msgid) not in wanted]:
        po.remove(entry)
    have = {(entry.msgctxt, entry.msgid) for entry in po}
    for (context, msgid), plural in sorted(
        wanted.items(), key=lambda kv: (kv[0][1], kv[0][0] or "")
    ):
        if (context, msgid) in have:
            continue
        entry = polib.POEntry(msgctxt=context, msgid=msgid, msgstr="")
        if plural:
            entry.msgid_plural, entry.msgstr_plural = plural, {0: "", 1: ""}
        po.append(entry)
    po.save(str(path))
    return len(po.untranslated_entries()) + len(po.fuzzy_entries())


def allauth_problems() -> list[Problem]:
    """What the catalogs of allauth's messages lack, in each language allauth does not ship."""
    found: list[Problem] = []
    wanted = allauth_messages()
    for lang in allauth_gaps():
        path = allauth_catalog(lang)
        name = f"allauth {lang}/django.po"
        if not path.exists():
            found.append(Problem(name, f"missing ({len(wanted)} messages to translate)"))
            continue
        po = _polib().pofile(str(path))
        have = {(e.msgctxt, e.msgid) for e in po if e.translated()}
        left = sorted(msgid for (_, msgid) in wanted.keys() - have)
        if left:
            found.append(Problem(name, f"{len(left)} untranslated, e.g. {left[0]!r}"))
        stale = stale_mo(path)
        if stale:
            found.append(Problem(name, f"{len(stale)} entries not compiled into its .mo"))
    return found


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
            gaps = {lang: allauth_update(lang) for lang in allauth_gaps()}
            run([sys.executable, "manage.py", "compilemessages", "-v0"], cwd=root)
            for lang in langs:
                for domain in DOMAINS:
                    po = locale / lang / "LC_MESSAGES" / f"{domain}.po"
                    missing, fuzzy = untranslated(po)
                    self.stdout.write(f"{lang}/{domain}: {missing} untranslated, {fuzzy} fuzzy")
            for lang, left in gaps.items():
                self.stdout.write(f"allauth {lang}/django: {left} untranslated or fuzzy")
            return
        problems = self.problems(root, locale, langs) + allauth_problems()
        if problems:
            raise CommandError(
                f"{len(problems)} catalog problems (run `manage.py catalogs --update`, translate, "
                "compile):\n" + "\n".join(str(p) for p in problems)
            )
        self.stdout.write(
            f"catalogs complete: {len(langs)} languages x {len(DOMAINS)} domains, "
            f"and allauth's messages in {', '.join(allauth_gaps()) or 'no other language'}"
        )

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
