"""Counts and places in the reader's language (issue 31, item 8): "1 day per move", not "1 days
per move"; places as ordinals ("3rd", not "3", which reads like a score), each language by its
own plural and ordinal rules: English and Italian have two plural forms (n != 1), Japanese and
Thai one, Tagalog two split at n > 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from core.i18n import ordinal
from core.i18n import ordinal_category
from notifications.kinds import KINDS

REPO = Path(__file__).resolve().parents[2]
SCRIPTS = REPO / "frontend" / "static" / "frontend" / "js"


def js(language: str) -> trans_real.DjangoTranslation:
    """The catalog the browser's JavaScript gets (djangojs)."""
    return trans_real.DjangoTranslation(language, domain="djangojs")


@pytest.mark.parametrize(
    ("n", "english"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
    ],
)
def test_places_are_ordinals_in_english(n, english):
    with translation.override("en"):
        assert ordinal(n) == english


def test_places_follow_each_languages_own_words():
    expected = {"ja": "3位", "hu": "3.", "it": "3º", "th": "อันดับที่ 3", "tl": "ika-3"}
    for language, place in expected.items():
        with translation.override(language):
            assert ordinal(3) == place, language
    with translation.override("it"):
        assert ordinal(11) == "11º"  # CLDR's "many" in Italian: the same written form


def test_the_ordinal_categories_are_cldrs():
    assert [ordinal_category("en", n) for n in (1, 2, 3, 4, 11, 21)] == [
        "one",
        "two",
        "few",
        "other",
        "other",
        "one",
    ]
    assert [ordinal_category("hu", n) for n in (1, 2, 5)] == ["one", "other", "one"]
    assert [ordinal_category("it", n) for n in (1, 8, 11, 80)] == ["other", "many", "many", "many"]
    assert ordinal_category("ja", 1) == "other"


def test_days_per_move_agree_with_the_count_in_english_and_italian_and_not_in_japanese():
    one, many = "Correspondence: %(days)s day per move", "Correspondence: %(days)s days per move"
    english = trans_real.DjangoTranslation("en", domain="djangojs")
    assert english.ngettext(one, many, 1) % {"days": 1} == "Correspondence: 1 day per move"
    assert english.ngettext(one, many, 3) % {"days": 3} == "Correspondence: 3 days per move"
    italian = js("it")
    assert italian.ngettext(one, many, 1) % {"days": 1} == "Corrispondenza: 1 giorno per mossa"
    assert italian.ngettext(one, many, 3) % {"days": 3} == "Corrispondenza: 3 giorni per mossa"
    japanese = js("ja")  # one form: the count does not change the noun
    assert japanese.ngettext(one, many, 1) % {"days": 1} == "通信対局：1手1日"
    assert japanese.ngettext(one, many, 3) % {"days": 3} == "通信対局：1手3日"


def test_tagalog_takes_its_plural_form_from_two_up():
    """Tagalog's catalog header: plural=(n > 1), so 0 and 1 take the first form."""
    one, many = "The log matches its %(n)s receipt.", "The log matches all %(n)s receipts."
    tagalog = js("tl")
    assert tagalog.ngettext(one, many, 1) == "Tugma ang log sa %(n)s resibo nito."
    assert tagalog.ngettext(one, many, 0) == "Tugma ang log sa %(n)s resibo nito."
    assert tagalog.ngettext(one, many, 2) == "Tugma ang log sa lahat ng %(n)s resibo."


def notice(kind: str, params: dict, language: str) -> str:
    with translation.override(language):
        return str(KINDS[kind].render(params))


@pytest.mark.django_db
def test_a_tournaments_result_notice_names_the_place_as_an_ordinal():
    params = {"what": "finished", "tournament": "Spring Cup", "place": 2}
    assert notice("tournament_result", params, "en") == "Spring Cup has finished: you finished 2nd"
    assert notice("tournament_result", params, "ja") == (
        "Spring Cupが終了しました：あなたの順位は2位です"
    )


@pytest.mark.django_db
def test_a_play_ban_of_one_minute_is_one_minute():
    one = {"what": "play_ban", "minutes": 1}
    assert notice("tournament_result", one, "en").startswith(
        "You may not join new events for 1 minute:"
    )
    assert notice("tournament_result", one, "it").startswith(
        "Non puoi iscriverti a nuovi eventi per 1 minuto:"
    )
    many = {"what": "play_ban", "minutes": 90}
    assert "for 90 minutes:" in notice("tournament_result", many, "en")


@pytest.mark.django_db
def test_an_awarded_result_names_places_not_scores():
    params = {"what": "awarded", "game": "ana's table", "reason": "disconnect", "places": [2, 1, 3]}
    text = notice("dispute_update", params, "en")
    assert "seat 1: 2nd place, seat 2: 1st place, seat 3: 3rd place" in text


# -- no count is left to a plain gettext ----------------------------------------------------------

NOUNS = (
    "days|seconds|minutes|tables|players|games|moves|rounds|places|points|tiles|decisions"
    "|receipts|events|seats|bytes|characters|timeouts|entries|byes|pts"
)
# gettext("... %(n)s tiles ...") outside ngettext: a count that would read "1 tiles".
PLAIN = re.compile(
    r'(?<![np])gettext\(\s*"(?P<msgid>[^"]*%\((?P<key>\w+)\)s (?:' + NOUNS + r')\b[^"]*)"'
)


# Values that are not counts of one: a name ("ana places the engine"), a tile ("places the engine 6-6"), the fixed thresholds of a
# mistake and a blunder (5 and 10 points), and points lost, always shown with one decimal
# ("1.0 points": English takes the plural form for a number written with decimals).
NOT_COUNTS = {"name", "tile", "m", "b", "points"}


def test_no_script_puts_a_count_into_a_plain_gettext():
    found = []
    for script in sorted(SCRIPTS.glob("*.js")):
        for match in PLAIN.finditer(script.read_text(encoding="utf-8")):
            keys = set(re.findall(r"%\((\w+)\)s (?:" + NOUNS + r")\b", match["msgid"]))
            if keys - NOT_COUNTS:
                found.append(f"{script.name}: {match['msgid']}")
    assert not found, "use ngettext for these:\n" + "\n".join(found)


def test_the_guard_finds_a_count_in_a_plain_gettext():
    assert PLAIN.search('fmt(gettext("Correspondence: %(days)s days per move"), { days })')
    assert not PLAIN.search('fmt(ngettext("%(n)s day", "%(n)s days per move", n), { n })')
