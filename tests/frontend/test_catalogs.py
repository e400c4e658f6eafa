"""The catalogs against the sources (issue 16): ``manage.py catalogs --check`` regenerates
every catalog from the sources in a temporary copy and fails on anything untranslated or fuzzy
there, or not compiled. The old test only read the committed files, so a string added to a
template or a script without translations passed it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

from core.management.commands.catalogs import Command
from core.management.commands.catalogs import copy_sources
from core.management.commands.catalogs import languages

REPO = Path(__file__).resolve().parents[2]
LOCALE = Path("frontend") / "locale"

# slow lane: GNU gettext's processes over every catalog
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        shutil.which("msgattrib") is None, reason="GNU gettext is missing (`make gettext`)"
    ),
]


def tree_copy(tmp_path: Path) -> Path:
    """The sources the catalogs are made from, copied: a tree to change without harm."""
    root = tmp_path / "tree"
    root.mkdir()
    copy_sources(REPO, root)
    return root


def problems(root: Path) -> list[str]:
    return [str(p) for p in Command().problems(root, root / LOCALE, languages())]


def test_every_string_in_the_sources_is_translated_and_compiled():
    call_command("catalogs", "--check")


def test_a_new_string_in_a_template_or_a_script_fails_the_check(tmp_path):
    root = tree_copy(tmp_path)
    template = root / "frontend" / "templates" / "frontend" / "home.html"
    template.write_text(
        template.read_text() + '\n{% translate "A sentence nobody has translated yet" %}\n'
    )
    script = root / "frontend" / "static" / "frontend" / "js" / "site.js"
    script.write_text(script.read_text() + '\ngettext("A label nobody has translated yet");\n')

    found = problems(root)

    for lang in languages():
        assert f'{lang}/django.po: 1 untranslated, e.g. "A sentence nobody has translated yet"' in (
            found
        ), found
        assert f'{lang}/djangojs.po: 1 untranslated, e.g. "A label nobody has translated yet"' in (
            found
        ), found


def test_a_changed_string_comes_back_fuzzy_and_fails_the_check(tmp_path):
    root = tree_copy(tmp_path)
    template = root / "frontend" / "templates" / "frontend" / "lobby.html"
    text = template.read_text()
    assert '{% translate "Open tables" %}' in text
    template.write_text(
        text.replace('{% translate "Open tables" %}', '{% translate "Open tables now" %}')
    )

    found = problems(root)

    assert any(p.startswith("ja/django.po: 1 fuzzy") for p in found), found


def test_a_catalog_edited_and_not_compiled_fails_the_check(tmp_path):
    root = tree_copy(tmp_path)
    po = root / LOCALE / "it" / "LC_MESSAGES" / "django.po"
    text = po.read_text()
    head, sep, rest = text.partition('msgid "Lobby"\nmsgstr "')
    assert sep, "the Italian catalog has no entry for Lobby"
    po.write_text(head + sep + "X" + rest)  # the .mo still says the old text

    found = problems(root)

    assert "it/django.po: 1 entries not compiled into its .mo" in found, found


# django-allauth's pages (reset, verification, the second factor) in a language allauth ships no
# catalog for: Tagalog comes from frontend/locale-allauth, kept by the same command.


@pytest.mark.django_db
def test_allauths_reset_page_and_mail_are_in_tagalog(client):
    from allauth.account.models import EmailAddress
    from django.core import mail

    from accounts.services import user_register

    user = user_register(username="tala", password="a-long-horse-9981", email="tala@example.org")
    EmailAddress.objects.filter(user=user).update(verified=True)
    client.cookies["django_language"] = "tl"
    page = client.get("/accounts/password/reset/").content.decode()
    assert "I-reset ang aking password" in page
    assert "Reset My Password" not in page
    assert "Forgotten your password?" not in page

    client.post("/accounts/password/reset/", {"email": "tala@example.org"})
    assert len(mail.outbox) == 1
    assert "Forgotten your password" not in mail.outbox[0].body
    assert "You're receiving this email" not in mail.outbox[0].body


def test_an_allauth_message_left_untranslated_fails_the_check(tmp_path, settings):
    from core.management.commands.catalogs import allauth_problems

    shutil.copytree(REPO / "frontend" / "locale-allauth", tmp_path / "locale-allauth")
    po = tmp_path / "locale-allauth" / "tl" / "LC_MESSAGES" / "django.po"
    text = po.read_text()
    head, sep, rest = text.partition('msgid "Reset My Password"\nmsgstr "')
    assert sep, "the Tagalog catalog has no entry for Reset My Password"
    po.write_text(head + sep + '"' + rest.partition('"')[2])  # msgstr ""
    settings.LOCALE_PATHS = [REPO / LOCALE, tmp_path / "locale-allauth"]

    found = [str(p) for p in allauth_problems()]

    assert "allauth tl/django.po: 1 untranslated, e.g. 'Reset My Password'" in found, found
