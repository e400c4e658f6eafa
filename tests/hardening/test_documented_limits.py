"""The limits the docs (docs/operators/hardening.md, moved there from the README by issue 32) and
.env.example list are the ones the platform applies (issue 13, done when: "the list of limits
with their defaults (also in README)").

Read from the documents, not copied into the test: a default changed in the settings without
its line in the limits page or .env.example (or the other way round) fails here, and so does a
variable the settings read that neither document names.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from config import settings as conf
from core import limits
from core.management.commands import serve

REPO = Path(__file__).resolve().parents[2]
LIMITS_PAGE = REPO / "docs" / "operators" / "hardening.md"
PREFIXES = ("RATE_LIMIT_", "SOCKETS_PER_", "OPEN_TABLES_PER_")
# A table row whose last cell names a variable: | what | per | default | `VARIABLE` |
ROW = re.compile(r"^\s*\|(?P<cells>.+)\|\s*`(?P<var>[A-Z_]+)`\s*\|\s*$")
UNITS = {"KiB": 1024, "MiB": 1024 * 1024}


def settings_default(var: str) -> str:
    """The value the settings take for ``var`` when it is not set, as the documents spell it."""
    if var == "RATE_LIMIT_RESET_PASSWORD":  # allauth's, not core.throttling's
        return conf.ACCOUNT_RATE_LIMITS["reset_password"]
    if var.startswith("RATE_LIMIT_"):
        return conf.RATE_LIMITS[var.removeprefix("RATE_LIMIT_").lower()]
    if var == "HTTP_REQUEST_TIMEOUT":
        return f"{conf.HTTP_REQUEST_TIMEOUT:g}"
    return str(getattr(conf, var))


def documented_rows() -> dict[str, list[str]]:
    rows = {}
    for line in LIMITS_PAGE.read_text(encoding="utf-8").splitlines():
        m = ROW.match(line)
        if m:
            rows[m["var"]] = [c.strip() for c in m["cells"].split("|")]
    return rows


def env_example() -> dict[str, str]:
    text = (REPO / ".env.example").read_text(encoding="utf-8")
    return dict(re.findall(r"^# ?([A-Z][A-Z0-9_]+)=(\S*)$", text, re.M))


def settings_variables() -> set[str]:
    """Every limit variable config/settings.py reads."""
    text = (REPO / "platform" / "config" / "settings.py").read_text(encoding="utf-8")
    return {v for v in re.findall(r'ENV\.get\("([A-Z_]+)"', text) if v.startswith(PREFIXES)}


@pytest.fixture
def unset():
    names = [n for n in conf.ENV if n.startswith(PREFIXES) or n == "HTTP_REQUEST_TIMEOUT"]
    if names:
        pytest.skip(f"set in this environment: {', '.join(names)}")


def test_every_rate_limit_and_cap_is_in_the_docs_table_with_its_default(unset):
    rows = documented_rows()
    # Data exports and password resets are the account page's (docs/players/account.md).
    accounts = {"RATE_LIMIT_ACCOUNT_EXPORT", "RATE_LIMIT_RESET_PASSWORD"}
    missing = sorted(settings_variables() - set(rows) - accounts)
    assert not missing, f"docs/operators/hardening.md's limits table lacks {missing}"
    for var in settings_variables() & set(rows):
        assert rows[var][-1] == settings_default(var), (var, rows[var])


def test_every_limit_variable_is_in_env_example_with_its_default(unset):
    documented = env_example()
    for var in sorted(settings_variables() | {"HTTP_REQUEST_TIMEOUT"}):
        assert var in documented, f".env.example does not name {var}"
        assert documented[var] == settings_default(var), (var, documented[var])


def amount(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+) (\S+)", text).groups()
    return float(number) * UNITS.get(unit, 1)


def test_the_input_limits_table_is_what_the_server_enforces(unset):
    text = LIMITS_PAGE.read_text(encoding="utf-8")
    cells = {}
    for line in text.splitlines():
        parts = [c.strip() for c in line.strip().strip("|").split("|")]
        if (
            len(parts) == 4
            and parts[3] in ("fixed", "`HTTP_REQUEST_TIMEOUT`")
            or (len(parts) == 4 and parts[3].startswith("fixed ("))
        ):
            cells[parts[0]] = parts[1]
    expected = {
        "WebSocket frame (uvicorn `ws_max_size`)": limits.MAX_FRAME_BYTES,
        "request body": conf.DATA_UPLOAD_MAX_MEMORY_SIZE,
        "JSON nesting (REST and socket)": limits.MAX_JSON_DEPTH,
        "`Idempotency-Key`": limits.MAX_IDEMPOTENCY_KEY,
        "one whole HTTP request (headers and body)": conf.HTTP_REQUEST_TIMEOUT,
        "an idle keep-alive connection": serve.KEEP_ALIVE_SECONDS,
    }
    assert set(cells) == set(expected), cells
    for what, value in expected.items():
        assert amount(cells[what]) == value, (what, cells[what], value)
