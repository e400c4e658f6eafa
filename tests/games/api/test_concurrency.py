"""Concurrent requests against one game: the append with an expected seq lets exactly one win."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from eventstore import store
from eventstore.models import AppendedCommand
from games.integrity import verify_game
from games.models import stream_name
from tests.games.api.factories import game_row
from tests.games.api.factories import log_seqs
from tests.games.api.factories import player
from tests.games.api.factories import post_move
from tests.games.api.factories import state
from tests.games.api.factories import table
from tests.games.api.factories import version

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RACES = 30


def race(requests: list[tuple]) -> list[tuple[int, dict]]:
    """Send every (client, gid, body, key) at once, each from its own thread and connection."""
    barrier = threading.Barrier(len(requests))
    answers: list = [None] * len(requests)

    def send(i, client, gid, body, key):
        try:
            barrier.wait(timeout=10)
            r = post_move(client, gid, body, key)
            answers[i] = (r.status_code, r.json())
        except Exception as exc:  # reported by the assertion below
            answers[i] = (None, repr(exc))
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i, *req)) for i, req in enumerate(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert all(a is not None and a[0] is not None for a in answers), answers
    return answers


def assert_log_sound(gid: str) -> None:
    """Seqs 1..N without a gap or a duplicate, the chain holds and the game replays."""
    seqs = log_seqs(gid)
    assert seqs == list(range(1, len(seqs) + 1))
    assert store.verify_chain(store.read(stream_name(gid))) is None
    verdict = verify_game(game_row(gid))
    assert verdict.ok, str(verdict)


def mover_of(clients_by_seat: dict, gid: str):
    seat = game_row(gid).to_move
    return clients_by_seat[seat], state(clients_by_seat[seat], gid)


def new_table(clients):
    gid = table(clients[0], clients[1:], variants={"rounds": 3})
    return gid, dict(enumerate(clients))


def test_two_moves_at_one_expected_seq_give_one_201_and_one_409_stale():
    clients = [player("ana"), player("bo")]
    gid, by_seat = new_table(clients)
    different = 0
    for _ in range(RACES):
        if game_row(gid).status != "active":
            assert_log_sound(gid)
            gid, by_seat = new_table(clients)
        client, st = mover_of(by_seat, gid)
        legal = st["legal_moves"]
        first, second = (legal[0], legal[-1]) if len(legal) > 1 else (legal[0], legal[0])
        different += first != second
        seq = st["seq"]
        answers = race(
            [
                (client, gid, {**first, "expected_seq": seq}, None),
                (client, gid, {**second, "expected_seq": seq}, None),
            ]
        )
        codes = sorted(code for code, _ in answers)
        assert codes == [201, 409], answers
        won = next(body for code, body in answers if code == 201)
        lost = next(body for code, body in answers if code == 409)
        assert lost["code"] == "stale"
        assert lost["seq"] == won["seq"] == version(gid)
        assert [e["seq"] for e in won["events"]] == list(range(seq + 1, won["seq"] + 1))
        assert_log_sound(gid)
    assert different > 0


def test_two_requests_with_one_idempotency_key_append_one_batch():
    clients = [player("ana"), player("bo")]
    gid, by_seat = new_table(clients)
    for n in range(RACES):
        if game_row(gid).status != "active":
            gid, by_seat = new_table(clients)
        client, st = mover_of(by_seat, gid)
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        key = f"same-key-{n}"
        answers = race([(client, gid, body, key), (client, gid, body, key)])
        assert {code for code, _ in answers} <= {200, 201}, answers
        assert 201 in {code for code, _ in answers}, answers
        (_, a), (_, b) = answers
        assert a["seq"] == b["seq"] == version(gid)
        assert a["events"] == b["events"]
        assert a["events"][0]["seq"] == st["seq"] + 1
        assert AppendedCommand.objects.filter(command_id__endswith=f":{key}").count() == 1
        assert_log_sound(gid)


def test_a_concurrent_repeat_of_a_move_is_answered_like_a_repeat():
    """RFC-style idempotency: whichever request comes second gets 200 and the first body."""
    clients = [player("ana"), player("bo")]
    gid, by_seat = new_table(clients)
    for n in range(10):
        if game_row(gid).status != "active":
            gid, by_seat = new_table(clients)
        client, st = mover_of(by_seat, gid)
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        answers = race([(client, gid, body, f"k{n}"), (client, gid, body, f"k{n}")])
        assert sorted(code for code, _ in answers) == [200, 201], answers


def test_a_concurrent_repeat_that_hands_the_turn_to_bots_appends_one_batch():
    """The bots answer in tasks of their own once the move commits; the repeat gets the first
    answer and must not add moves of its own (nor make the bots move twice)."""
    ana = player("ana")
    for n in range(10):
        gid = table(ana, bots=1, strategy="greedy", variants={"rounds": 1})
        if game_row(gid).status != "active":
            continue
        st = state(ana, gid)
        body = {**st["legal_moves"][0], "expected_seq": st["seq"]}
        answers = race([(ana, gid, body, f"b{n}"), (ana, gid, body, f"b{n}")])
        assert_log_sound(gid)
        (_, a), (_, b) = answers
        assert a == b, answers
        assert a["seq"] <= version(gid)
        assert {e["actor"]["kind"] for e in a["events"]} <= {"player", "system"}
