"""History edited behind the platform's back — the append-only trigger switched off inside the
test, as someone with database access could — is detected, and the audit names the first bad
event: a plain edit breaks the hash chain; an edit with every hash after it recomputed is caught
by the replay (the deal the seed gives, the move the engine makes)."""

import pytest
from django.db import connection

from eventstore import store
from eventstore.models import Event
from eventstore.models import Snapshot
from eventstore.store import chain_hash
from games.integrity import verify_game
from games.models import Game
from tests.support.factories import client_for
from tests.support.forgery import resign_checkpoints

pytestmark = pytest.mark.django_db


def behind_the_platforms_back(edit) -> None:
    """Run ``edit`` with the event table's append-only trigger disabled (this transaction
    only: the test's rollback restores it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "ALTER TABLE eventstore_event DISABLE TRIGGER eventstore_event_no_update_delete"
        )
    edit()
    with connection.cursor() as cursor:
        cursor.execute(
            "ALTER TABLE eventstore_event ENABLE TRIGGER eventstore_event_no_update_delete"
        )


def rehash_from(stream: str, seq: int) -> None:
    """Recompute the hash of event ``seq`` and every event after it, as a careful forger would,
    and sign the checkpoints again over them (one who holds the signing key too: without it the
    checkpoints name the rewrite, tests/hardening/test_log_rewrite.py)."""
    prev = store.read(stream, upto=seq - 1)[-1].hash if seq > 1 else store.GENESIS
    for e in store.read(stream, after=seq - 1):
        h = chain_hash(
            prev, e.stream, e.seq, e.type, e.schema_version, e.data, e.actor, e.created_at
        )
        Event.objects.filter(stream=stream, seq=e.seq).update(prev_hash=prev, hash=h)
        prev = h
    resign_checkpoints(stream)


def verdict_of(game, mod) -> dict:
    body = client_for(mod).get(f"/api/v1/audit/games/{game.pk}").json()
    return body["verdict"]


def first(game, type_):
    return next(e for e in store.read(game.stream) if e.type == type_)


def outcomes(verdict) -> dict:
    return {c["check"]: c["outcome"] for c in verdict["checks"]}


@pytest.mark.postgres
def test_the_trigger_refuses_the_edit_while_it_is_on(finished_game):
    from django.db import DatabaseError
    from django.db import transaction

    with pytest.raises(DatabaseError), transaction.atomic():
        Event.objects.filter(stream=finished_game.stream, seq=3).update(data={})


@pytest.mark.postgres
def test_an_edited_move_breaks_the_chain_at_that_event(finished_game, mod):
    played = first(finished_game, "TilePlayed")
    assert verdict_of(finished_game, mod)["ok"]
    forged = {**played.data, "train": "mexican" if played.data["train"] != "mexican" else 0}

    behind_the_platforms_back(
        lambda: Event.objects.filter(stream=played.stream, seq=played.seq).update(data=forged)
    )

    verdict = verdict_of(finished_game, mod)
    assert verdict["ok"] is False
    assert (verdict["check"], verdict["seq"]) == ("chain", played.seq)
    assert "does not match its hash" in verdict["reason"]
    assert outcomes(verdict)["chain"] == "failed"
    assert outcomes(verdict)["move"] == "not_reached"
    # The timeline still shows the log as stored, the forged event included.
    steps = client_for(mod).get(f"/api/v1/audit/games/{finished_game.pk}/steps").json()["steps"]
    assert steps[played.seq - 1]["data"] == forged


@pytest.mark.postgres
def test_a_forged_draw_with_its_hashes_recomputed_fails_the_replay_at_that_event(
    finished_game_with_a_draw, mod
):
    finished_game = finished_game_with_a_draw
    drawn = first(finished_game, "TileDrawn")
    other = [6, 6] if drawn.data["tile"] != [6, 6] else [0, 0]

    def forge():
        Event.objects.filter(stream=drawn.stream, seq=drawn.seq).update(
            data={**drawn.data, "tile": other}
        )
        rehash_from(drawn.stream, drawn.seq)

    behind_the_platforms_back(forge)

    assert store.verify_chain(store.read(finished_game.stream)) is None  # the chain holds
    verdict = verdict_of(finished_game, mod)
    assert (verdict["ok"], verdict["check"], verdict["seq"]) == (False, "move", drawn.seq)
    assert outcomes(verdict)["chain"] == "ok"
    assert outcomes(verdict)["seed"] == "ok"


@pytest.mark.postgres
def test_a_forged_deal_with_its_hashes_recomputed_is_not_the_one_the_seed_gives(finished_game, mod):
    dealt = first(finished_game, "RoundStarted")
    hands = dealt.data["hands"]
    swapped = {**dealt.data, "hands": [hands[1], hands[0], *hands[2:]]}

    def forge():
        Event.objects.filter(stream=dealt.stream, seq=dealt.seq).update(data=swapped)
        rehash_from(dealt.stream, dealt.seq)

    behind_the_platforms_back(forge)

    verdict = verdict_of(finished_game, mod)
    assert (verdict["ok"], verdict["check"], verdict["seq"]) == (False, "deal", dealt.seq)
    assert "seed" in verdict["reason"]


def test_a_snapshot_that_disagrees_with_the_log_is_named(ana, bo, mod):
    from tests.support.factories import open_table
    from tests.support.factories import play

    game = play(open_table(ana, [bo], rounds=2), [ana, bo])
    snap = Snapshot.objects.filter(stream=game.stream).order_by("seq").first()
    assert snap is not None
    state = dict(snap.state)
    state["to_move"] = (state["to_move"] + 1) % state["seats"]
    Snapshot.objects.filter(pk=snap.pk).update(state=state)

    verdict = verdict_of(Game.objects.get(pk=game.pk), mod)
    assert (verdict["check"], verdict["seq"]) == ("snapshot", snap.seq)
    assert not verify_game(game).ok
