"""The docs' rules page (docs/players/rules.md) names exactly the rule ids the engine carries.

The engine cites every rule it implements by its RULES.md id (R1 … R25, R13a, V1 … V6) in code,
comments and IllegalMove's ``rule``; the page lists each rule as an item starting with its id.
A rule the engine gains without its text on the page, or a page rule the engine never heard of,
fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
ID = re.compile(r"\b([RV]\d+[a-z]?)\b")
# A rule's own item on the page: "- R19. A double whose ..." / "- V1 `hand_table`: ...".
ITEM = re.compile(r"^- ([RV]\d+[a-z]?)\b", re.M)


def engine_ids() -> set[str]:
    ids: set[str] = set()
    for path in (REPO / "games" / "engine").glob("*.py"):
        ids |= set(ID.findall(path.read_text(encoding="utf-8")))
    return ids


def page() -> str:
    return (REPO / "docs" / "players" / "rules.md").read_text(encoding="utf-8")


def test_the_engine_cites_rule_ids():
    ids = engine_ids()
    assert {"R1", "R19", "R25", "V1", "V6"} <= ids, sorted(ids)


def test_the_rules_page_states_every_rule_the_engine_carries():
    stated = ITEM.findall(page())
    assert len(stated) == len(set(stated)), f"a rule stated twice: {sorted(stated)}"
    missing = engine_ids() - set(stated)
    assert not missing, f"docs/players/rules.md lacks {sorted(missing)}"


def test_the_rules_page_names_no_rule_the_engine_lacks():
    unknown = set(ID.findall(page())) - engine_ids()
    assert not unknown, f"docs/players/rules.md names {sorted(unknown)}, which games/engine lacks"
