"""Schemathesis against the OpenAPI schema the server publishes (/api/schema/): every operation,
valid and invalid input, as a player, as staff and anonymously, on real games; no answer is a
5xx and every answer matches the schema.

The app runs in-process (WSGI, the request in the test's own thread and transaction). Each
generated request runs inside a savepoint that is rolled back after it, so every request meets
the same world — an open table, a started game, a finished rated game, a dispute — and a
request that broke its transaction cannot break the next one. Generation is derandomized and
bounded (EXAMPLES per operation and mode), so a run is repeatable and takes well under a minute.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from dataclasses import field

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from django.db import transaction
from django.test import Client
from django.utils.crypto import get_random_string
from hypothesis import HealthCheck
from hypothesis import Phase
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from knox.crypto import hash_token
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.specs.openapi.checks import content_type_conformance
from schemathesis.specs.openapi.checks import response_schema_conformance
from schemathesis.specs.openapi.checks import status_code_conformance

from accounts.models import ApiToken
from config.wsgi import application
from games import selectors
from tests.hardening.world import World
from tests.hardening.world import build_world
from tests.hardening.world import token

# slow lane: every operation of the schema, fuzzed
pytestmark = pytest.mark.slow

# Examples per operation and mode; SCHEMATHESIS_SCALE=10 makes a deeper (slower) run by hand.
SCALE = float(os.environ.get("SCHEMATHESIS_SCALE", "1") or 1)
EXAMPLES = {GenerationMode.POSITIVE: int(12 * SCALE), GenerationMode.NEGATIVE: int(8 * SCALE)}
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
MOVES = "POST /api/v1/games/{game_id}/moves"
# Operations that change the world for good (a rolled-back savepoint undoes them anyway): run
# last, so a failure elsewhere is reported first.
LAST = ("logout", "resign", "leave", "void", "award", "restart-round", "reverse-ratings")


def load_schema():
    return schemathesis.openapi.from_wsgi("/api/schema/", application)


def operation_order(operation) -> tuple[int, str]:
    last = any(operation.path.endswith(f"/{word}") for word in LAST)
    return (2 if last else 1 if operation.method.upper() != "GET" else 0, operation.label)


@pytest.fixture
def keep_connection():
    """Keep the test's database connection across the WSGI requests, as Django's own test
    client does: the request signals would close it, inside the test's transaction."""
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@dataclass
class Fuzzer:
    """Generated requests for one operation at a time, on the world's real objects."""

    world: World
    requests: int = 0
    statuses: dict[str, set[int]] = field(default_factory=dict)
    findings: dict[tuple[str, str], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        w = self.world
        self.people = {"ana": w.ana, "bo": w.bo, "mod": w.mod, "cy": w.cy}
        self.keys = {name: token(user) for name, user in self.people.items()}
        # Staff powers come with the browser session only (accounts.permissions): "mod" on a
        # token is refused by the staff endpoints, "mod-session" reaches them.
        browser = Client()
        browser.force_login(w.mod)
        self.mod_session = browser.cookies["sessionid"].value
        self.mod_csrf = get_random_string(32)
        self.games = [str(w.started.id), str(w.open_game.id), str(w.finished.id)]
        seat = w.started.seats.get(index=w.started.to_move)
        self.mover = next(n for n, u in self.people.items() if u.pk == seat.user_id)
        self.legal = selectors.game_state_for(w.started, self.people[self.mover])

    def headers_for(self, who: str | None) -> dict[str, str]:
        # Schemathesis calls the WSGI app in-process and reads the body as sent: it asks for
        # gzip like an HTTP client (requests' defaults) but decodes nothing, so it asks for the
        # plain body (tests/platform/test_weight.py checks the compressed answers).
        plain = {"Accept-Encoding": "identity"}
        if who is None:
            return plain
        if who == "bad":
            return {**plain, "Authorization": "Token " + "0" * 40}
        if who == "mod-session":
            return {
                **plain,
                "Cookie": f"sessionid={self.mod_session}; csrftoken={self.mod_csrf}",
                "X-CSRFToken": self.mod_csrf,
            }
        return {**plain, "Authorization": f"Token {self.keys[who]}"}

    def fuzz(self, operation, mode: GenerationMode) -> None:
        """Send EXAMPLES[mode] generated requests for ``operation``; keep the first failure of
        each kind."""

        @settings(
            max_examples=EXAMPLES[mode],
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(
            case=operation.as_strategy(generation_mode=mode),
            who=st.sampled_from(["ana", "mod", "mod-session", "cy", None, "bad"]),
            game=st.sampled_from([*self.games, None]),
            real_dispute=st.booleans(),
            username=st.sampled_from(["ana", "bo", None]),
            play=st.sampled_from([*self.legal["legal_moves"], None, None]),
        )
        def probe(case, who, game, real_dispute, username, play):
            params = case.path_parameters or {}
            if "game_id" in params and game is not None:
                params["game_id"] = game
            if "dispute_id" in params and real_dispute:
                params["dispute_id"] = self.world.dispute_id
            if "username" in params and username is not None:
                params["username"] = username
            if "tournament_id" in params and real_dispute and self.world.tournament_id:
                params["tournament_id"] = self.world.tournament_id
            if operation.label == MOVES and play is not None and mode.is_positive:
                # A legal move by the player to move, so a 201 answer is checked too.
                params["game_id"] = str(self.world.started.id)
                case.body = {**play, "expected_seq": self.legal["seq"]}
                who = self.mover
            self.send(operation, case, who)

        try:
            probe()
        except Unsatisfiable:  # nothing to make invalid: no parameters, no body
            assert mode is GenerationMode.NEGATIVE, operation.label

    def send(self, operation, case, who: str | None) -> None:
        """Send one request in a savepoint rolled back after it, and check the answer."""
        with transaction.atomic():
            response = case.call(headers=self.headers_for(who))
            self.requests += 1
            self.statuses.setdefault(operation.label, set()).add(response.status_code)
            try:
                case.validate_response(response, checks=CHECKS)
            except FailureGroup as group:
                for failure in group.exceptions:
                    self.findings.setdefault((operation.label, failure.title), f"as {who}: {group}")
            transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.heavy(155)  # seconds, loaded machine
def test_no_operation_answers_a_server_error_or_off_schema(keep_connection):
    schema = load_schema()
    fuzzer = Fuzzer(build_world())
    operations = sorted(
        (result.ok() for result in schema.get_all_operations()), key=operation_order
    )
    assert len(operations) >= 40, [op.label for op in operations]
    for operation in operations:
        for mode in EXAMPLES:
            fuzzer.fuzz(operation, mode)
        # Rolled back after each request: a token a logout revoked is back for the next one.
        assert ApiToken.objects.filter(digest=hash_token(fuzzer.keys["ana"])).exists()

    report = "\n\n".join(f"{label}\n{text}" for (label, _), text in fuzzer.findings.items())
    assert not fuzzer.findings, f"{len(fuzzer.findings)} failures:\n\n{report}"
    # Real objects were reached: requests on game paths got past the 404.
    reached = {
        label
        for label, statuses in fuzzer.statuses.items()
        if "{game_id}" in label and statuses & {200, 201}
    }
    assert "GET /api/v1/games/{game_id}/state" in reached, fuzzer.statuses
    assert MOVES in reached, fuzzer.statuses
    assert fuzzer.requests >= len(operations) * 10


def test_the_schema_loads_and_lists_the_api_operations(keep_connection):
    schema = load_schema()
    labels = {result.ok().label for result in schema.get_all_operations()}
    assert "POST /api/v1/games/{game_id}/moves" in labels
    assert "GET /api/v1/audit/games/{game_id}" in labels
