"""Places as people read them: 1st, 2nd, 3rd in English, 3位 in Japanese (issue 31, item 8).

The catalog holds one entry per CLDR ordinal category, in English's words ("%(n)sst" for
"one", "%(n)snd" for "two" ...), and each language translates the categories it has; the
browser picks the category with Intl.PluralRules (frontend/static/frontend/js/i18n.js), the
server with the rules below, CLDR's ordinal rules for the interface's languages (others: their
"other" form).
"""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import pgettext


def ordinal_category(language: str, n: int) -> str:
    """Return CLDR's ordinal category of ``n`` in ``language`` (en, hu, it, tl; else other)."""
    lang = (language or "en").split("-")[0].lower()
    if lang == "en":  # 1st 21st, 2nd 22nd, 3rd 23rd; 11th 12th 13th
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if n % 10 == 2 and n % 100 != 12:
            return "two"
        if n % 10 == 3 and n % 100 != 13:
            return "few"
        return "other"
    if lang == "hu":  # az 1., az 5.
        return "one" if n in (1, 5) else "other"
    if lang == "it":  # l'8°, l'11°, l'80°, l'800°
        return "many" if n in (8, 11, 80, 800) else "other"
    if lang in ("tl", "fil"):  # ang una
        return "one" if n == 1 else "other"
    return "other"


def ordinal(n: int) -> str:
    """Return place ``n`` in the active language's words ("3rd", "3位", "3.")."""
    category = ordinal_category(translation.get_language() or "en", n)
    forms = {
        "zero": lambda: pgettext("ordinal place, CLDR category zero", "%(n)sth"),
        "one": lambda: pgettext("ordinal place, CLDR category one", "%(n)sst"),
        "two": lambda: pgettext("ordinal place, CLDR category two", "%(n)snd"),
        "few": lambda: pgettext("ordinal place, CLDR category few", "%(n)srd"),
        "many": lambda: pgettext("ordinal place, CLDR category many", "%(n)sth"),
        "other": lambda: pgettext("ordinal place, CLDR category other", "%(n)sth"),
    }
    return forms[category]() % {"n": n}
