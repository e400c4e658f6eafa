"""Username skeletons: two names that look alike fold to the same string.

Unicode TR39 calls this a skeleton: map every character to the prototype of its confusable
class (Cyrillic "а" and fullwidth "ａ" to "a"). The classes come from Unicode's confusables.txt
as shipped by confusable_homoglyphs, the library django-registration uses for the same job; it
stores the file as pairs both ways, so each class is rebuilt here as a connected component and
named by its lowest code point. NFKC and case folding come first, so "ＳＴＡＦＦＥＲ" and
"Staffer" fold like "staffer".
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from importlib import resources

_DIRECTION_MARKS = "\u200e\u200f"


@cache
def _prototypes() -> dict[str, str]:
    """Return the map from a character to its confusable class's representative."""
    pairs = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    parent: dict[str, str] = {}

    def find(char: str) -> str:
        parent.setdefault(char, char)
        while parent[char] != char:
            parent[char] = parent[parent[char]]
            char = parent[char]
        return char

    expansions: dict[str, str] = {}
    for char, glyphs in pairs.items():
        # The file's comments wrap right-to-left letters in direction marks; they are no part
        # of the character.
        char = char.strip(_DIRECTION_MARKS)
        for glyph in glyphs:
            other = glyph["c"].strip(_DIRECTION_MARKS)
            if not char or not other:
                continue
            if len(char) == 1 and len(other) == 1:
                a, b = find(char), find(other)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            elif len(char) == 1 and len(other) > 1:
                # A prototype of several characters ("ǆ" → "dž"); sources are single characters.
                expansions[char] = other
    table = {char: find(char) for char in list(parent)}
    for char, sequence in expansions.items():
        if char not in parent or table[char] == char:
            table[char] = sequence
    return {char: proto for char, proto in table.items() if char != proto}


def _fold(text: str) -> str:
    table = _prototypes()
    text = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(table.get(char, char) for char in text))


def username_skeleton(username: str) -> str:
    """Return the folded form two look-alike usernames share (NFKC, case, confusables)."""
    text = unicodedata.normalize("NFKC", username)
    # Fold before and after casefold: "I" looks like "l" only in capitals, "і" only in lower case.
    text = _fold(_fold(text).casefold())
    return unicodedata.normalize("NFC", text)
