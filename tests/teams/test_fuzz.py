"""Schemathesis against the teams' operations of the published OpenAPI schema (/api/schema/):
valid and invalid input, as a leader, a member, an outsider, staff by session, anonymously and
with a bad token, on a real team half the time; no answer is a 5xx and every answer matches the
schema. The whole schema is fuzzed by tests/hardening/test_schemathesis.py; this one reaches
the teams' real objects (a team, its members, a pending request)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client
from django.utils.crypto import get_random_string
from hypothesis import HealthCheck
from hypothesis import Phase
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.core.failures import FailureGroup

from teams import services
from tests.hardening.test_schemathesis import CHECKS
from tests.hardening.test_schemathesis import keep_connection  # noqa: F401 - a fixture
from tests.hardening.test_schemathesis import load_schema
from tests.hardening.world import token
from tests.support.factories import make_user

pytestmark = pytest.mark.slow

EXAMPLES = {GenerationMode.POSITIVE: 15, GenerationMode.NEGATIVE: 8}


def team_operations(schema) -> list:
    return sorted(
        (
            op
            for op in (result.ok() for result in schema.get_all_operations())
            if op.path.startswith("/api/v1/teams")
        ),
        key=lambda op: (op.method.upper() != "GET", op.label),
    )


@pytest.mark.django_db
def test_no_team_operation_answers_a_server_error_or_off_schema(keep_connection):  # noqa: F811
    ana, bo, cy = make_user("ana"), make_user("bo"), make_user("cy")
    mod = make_user("mod", staff=True)
    team = services.team_create(user=ana, name="Fuzzed Team", open=False)
    request = services.team_request_join(team_id=team.pk, user=cy)
    _, joined = services.team_join_or_request(team_id=team.pk, user=bo)
    services.team_request_accept(team_id=team.pk, request_id=joined.pk, user=ana)
    keys = {name: token(user) for name, user in {"ana": ana, "bo": bo, "cy": cy}.items()}
    browser = Client()
    browser.force_login(mod)
    session, csrf = browser.cookies["sessionid"].value, get_random_string(32)

    def headers(who):
        plain = {"Accept-Encoding": "identity"}
        if who is None:
            return plain
        if who == "bad":
            return {**plain, "Authorization": "Token " + "0" * 40}
        if who == "mod-session":
            cookie = f"sessionid={session}; csrftoken={csrf}"
            return {**plain, "Cookie": cookie, "X-CSRFToken": csrf}
        return {**plain, "Authorization": f"Token {keys[who]}"}

    operations = team_operations(load_schema())
    assert len(operations) >= 14, [op.label for op in operations]
    findings: dict[tuple[str, str], str] = {}
    statuses: dict[str, set[int]] = {}

    def fuzz(operation, mode, examples) -> None:
        @settings(
            max_examples=examples,
            derandomize=True,
            database=None,
            deadline=None,
            phases=[Phase.explicit, Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(
            case=operation.as_strategy(generation_mode=mode),
            who=st.sampled_from(["ana", "bo", "cy", "mod-session", None, "bad"]),
            real=st.booleans(),
            username=st.sampled_from(["ana", "bo", "cy", None]),
        )
        def probe(case, who, real, username):
            params = case.path_parameters or {}
            if "slug" in params and real:
                params["slug"] = team.slug
            if "request_id" in params and real:
                params["request_id"] = request.pk
            if "username" in params and username is not None:
                params["username"] = username
            with transaction.atomic():
                response = case.call(headers=headers(who))
                statuses.setdefault(operation.label, set()).add(response.status_code)
                try:
                    case.validate_response(response, checks=CHECKS)
                except FailureGroup as group:
                    for failure in group.exceptions:
                        findings.setdefault((operation.label, failure.title), f"as {who}: {group}")
                transaction.set_rollback(True)

        try:
            probe()
        except Unsatisfiable:  # nothing to make invalid: no parameters, no body
            assert mode is GenerationMode.NEGATIVE, operation.label

    for operation in operations:
        for mode, examples in EXAMPLES.items():
            fuzz(operation, mode, examples)

    report = "\n\n".join(f"{label}\n{text}" for (label, _), text in findings.items())
    assert not findings, f"{len(findings)} failures:\n\n{report}"
    # The real team was reached: its detail and a leader's action answered 200.
    assert 200 in statuses["GET /api/v1/teams/{slug}"], statuses
    assert statuses["POST /api/v1/teams/{slug}/chat/close"] & {200}, statuses
