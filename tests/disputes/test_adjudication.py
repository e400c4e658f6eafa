"""Staff adjudication is appended, never edited: each decision is one event with the staff member
and the reason; projections and ratings follow exactly once; the log still verifies; and the
fresh deal a restart makes reaches each player as their own hand only."""

import copy
import hashlib

import pytest

from core.errors import ApplicationError
from disputes import adjudication
from disputes.models import DisputeMessage
from disputes.models import StaffAction
from eventstore import store
from games import selectors
from games import services
from games.domain import fold
from games.domain import load
from games.engine import deal_round
from games.engine.record import verify_record
from games.engine.views import hidden_tiles
from games.integrity import verify_game
from games.models import Game
from games.projections import game_projection_from_log
from games.projections import game_rebuild_projections
from games.selectors import viewer_payload
from notifications.models import Notification
from tests.support.factories import client_for
from tests.support.factories import open_dispute
from tests.support.factories import open_table
from tests.support.factories import play
from tests.support.factories import run_committed
from tests.support.leaks import leaked

pytestmark = pytest.mark.django_db


class RatingsRecorder:
    """Stands in for ratings.services: records each call."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def rating_reverse_game(self, *, game_id, by, reason):
        self.calls.append(("reverse", str(game_id), by.username, reason))
        return True

    def rating_apply_game(self, *, game_id, places, reapply=False):
        self.calls.append(("apply", str(game_id), list(places), reapply))
        return True


@pytest.fixture
def ratings(monkeypatch):
    recorder = RatingsRecorder()
    monkeypatch.setattr(adjudication, "_ratings", lambda: recorder)
    return recorder


@pytest.fixture
def rated_game(ana, bo):
    return play(open_table(ana, [bo], rated=True), [ana, bo])


def refused(call, code):
    with pytest.raises(ApplicationError) as exc:
        call()
    assert exc.value.code == code, exc.value
    return exc.value


def last_event(game):
    return store.read(game.stream)[-1]


def test_voiding_a_finished_rated_game_appends_one_event_and_reverses_its_ratings_once(
    rated_game, ana, mod, ratings
):
    before = rated_game.version
    done = adjudication.adjudicate_void(game_id=rated_game.pk, by=mod, reason="collusion")

    game = Game.objects.get(pk=rated_game.pk)
    assert (game.status, game.result, game.to_move, game.deadline) == ("void", None, None, None)
    assert game.version == before + 1 == done.event.seq
    e = last_event(game)
    assert e.type == "GameVoided"
    assert e.actor == {"kind": "staff", "user": mod.pk, "name": "mod"}
    assert e.data == {"reason": "collusion", "dispute": None, "previous_status": "finished"}
    assert ratings.calls == [("reverse", str(game.pk), "mod", "collusion")]
    assert verify_game(game).ok
    assert StaffAction.objects.get(game=game, action="game_voided").seq == e.seq
    assert Notification.objects.filter(user=ana, kind="dispute_update").count() == 1

    refused(
        lambda: adjudication.adjudicate_void(game_id=game.pk, by=mod, reason="x"), "already_void"
    )
    assert ratings.calls == [("reverse", str(game.pk), "mod", "collusion")]
    assert Game.objects.get(pk=game.pk).version == before + 1


def test_a_voided_running_game_takes_no_more_moves(active_game, ana, bo, mod, ratings):
    adjudication.adjudicate_void(game_id=active_game.pk, by=mod, reason="bug")
    game = Game.objects.get(pk=active_game.pk)
    mover = ana if game.seats.get(index=load(game.stream).state.to_move).user == ana else bo
    refused(
        lambda: services.game_move(game_id=game.pk, user=mover, move={"action": "draw"}),
        "game_over",
    )
    assert ratings.calls == []  # an unfinished game had no ratings to reverse
    assert verify_game(game).ok


def test_awarding_a_result_finishes_the_game_and_applies_ratings_once(ana, bo, mod, ratings):
    game = play(open_table(ana, [bo], rated=True, rounds=2), [ana, bo], moves=3)
    adjudication.adjudicate_award(game_id=game.pk, by=mod, reason="bo left", places=[1, 2, 2])

    game = Game.objects.get(pk=game.pk)
    assert game.status == "finished"
    assert game.result["places"] == [1, 2, 2]
    assert game.result["awarded"]["reason"] == "bo left"
    assert game.to_move is None
    assert game.deadline is None
    assert ratings.calls == [("apply", str(game.pk), [1, 2, 2], True)]
    assert verify_game(game).ok

    same = lambda: adjudication.adjudicate_award(  # noqa: E731
        game_id=game.pk, by=mod, reason="again", places=[1, 2, 2]
    )
    refused(same, "already_awarded")
    assert len(ratings.calls) == 1

    # A corrected award replaces the result and re-applies the ratings, once more.
    adjudication.adjudicate_award(game_id=game.pk, by=mod, reason="fix", places=[2, 1, 3])
    assert Game.objects.get(pk=game.pk).result["places"] == [2, 1, 3]
    assert ratings.calls[-1] == ("apply", str(game.pk), [2, 1, 3], True)
    assert len(ratings.calls) == 2


@pytest.mark.parametrize("places", [[1, 2], [0, 1, 2], [1, 1, 2], [1, 3, 3], "1,2,3"])
def test_awarded_places_must_be_one_per_seat_with_ties_sharing(finished_game, mod, places):
    refused(
        lambda: adjudication.adjudicate_award(
            game_id=finished_game.pk, by=mod, reason="r", places=places
        ),
        "invalid_places",
    )


def test_reversing_ratings_happens_once(rated_game, mod, ratings):
    adjudication.adjudicate_reverse_ratings(game_id=rated_game.pk, by=mod, reason="smurf")
    assert ratings.calls == [("reverse", str(rated_game.pk), "mod", "smurf")]
    assert last_event(rated_game).type == "RatingsReversed"
    refused(
        lambda: adjudication.adjudicate_reverse_ratings(game_id=rated_game.pk, by=mod, reason="x"),
        "ratings_not_applied",
    )
    assert len(ratings.calls) == 1
    # The result stands; voiding it now has no ratings left to reverse.
    adjudication.adjudicate_void(game_id=rated_game.pk, by=mod, reason="and void")
    assert len(ratings.calls) == 1
    assert verify_game(Game.objects.get(pk=rated_game.pk)).ok


def test_an_unrated_game_has_no_ratings_to_reverse(finished_game, mod):
    refused(
        lambda: adjudication.adjudicate_reverse_ratings(
            game_id=finished_game.pk, by=mod, reason="x"
        ),
        "not_rated",
    )


def test_adjudication_needs_staff_a_reason_and_a_started_game(finished_game, ana, mod):
    refused(
        lambda: adjudication.adjudicate_void(game_id=finished_game.pk, by=ana, reason="x"),
        "staff_only",
    )
    refused(
        lambda: adjudication.adjudicate_void(game_id=finished_game.pk, by=mod, reason=" "),
        "reason_required",
    )
    lobby = services.game_create(user=ana, players=2)
    refused(
        lambda: adjudication.adjudicate_void(game_id=lobby.pk, by=mod, reason="x"),
        "game_not_started",
    )


def test_the_real_ratings_follow_a_void_and_an_award_exactly_once(ana, bo, mod):
    from ratings.models import RatedGame
    from ratings.models import Rating
    from ratings.models import RatingChange

    game = play(open_table(ana, [bo], rated=True), [ana, bo])
    ledger = RatedGame.objects.get(game=game)  # applied when the match ended
    assert (ledger.state, ledger.applications) == ("applied", 1)
    ana_rating = Rating.objects.get(user=ana)
    assert ana_rating.games == 1

    places = [3, 1, 2] if game.result["places"] != [3, 1, 2] else [2, 3, 1]
    adjudication.adjudicate_award(game_id=game.pk, by=mod, reason="r", places=places)
    ledger.refresh_from_db()
    assert (ledger.state, ledger.applications) == ("applied", 2)
    assert Rating.objects.get(user=ana).games == 1  # replaced, not added
    assert RatingChange.objects.filter(game=game, reversed_at__isnull=True).count() == 2

    adjudication.adjudicate_void(game_id=game.pk, by=mod, reason="void")
    ledger.refresh_from_db()
    assert ledger.state == "reversed"
    assert Rating.objects.get(user=ana).games == 0
    assert RatingChange.objects.filter(game=game, reversed_at__isnull=True).count() == 0


# -- restarting a round ------------------------------------------------------------------------


def in_round(ana, bo, positions: int = 4):
    """A two-player game in play whose current round has at least ``positions`` positions."""
    game = open_table(ana, [bo], bots=0, rounds=2)
    while len(round_seqs(game)) < positions:
        game = play(game, [ana, bo], moves=1)
        assert game.status == "active"
    return game


def round_seqs(game):
    """The seqs of the current round's positions in play (after its RoundStarted)."""
    stored = store.read(game.stream)
    start = max(e.seq for e in stored if e.type == "RoundStarted")
    return [e.seq for e in stored if e.seq >= start]


def redealt(game, state, restart):
    """The deal restart ``restart`` of the state's round must have: the round dealt again by
    ``deal_round`` from SHA-256(seed ‖ "mexican-train/redeal" ‖ u32be(round) ‖ u32be(k))."""
    seed = bytes.fromhex(game.seed)
    fresh = hashlib.sha256(
        seed + b"mexican-train/redeal" + state.round.to_bytes(4, "big") + restart.to_bytes(4, "big")
    ).digest()
    rs = state.ruleset
    return deal_round(fresh, state.round, rs.set_max, state.seats, rs.hand_size)


def test_restarting_a_round_deals_it_again_and_play_goes_on(ana, bo, mod):
    game = play(open_table(ana, [bo], bots=0, rounds=2), [ana, bo], moves=1)
    while game.round < 2:  # into the second round: the first one's scores must stand
        game = play(game, [ana, bo], moves=1)
    game = play(game, [ana, bo], moves=2)
    assert game.status == "active"
    assert game.round == 2
    before = load(game.stream).state
    at = round_seqs(game)[1]

    done = adjudication.adjudicate_restart_round(
        game_id=game.pk, by=mod, reason="misclick by the server", at_seq=at
    )
    game = Game.objects.get(pk=game.pk)
    assert done.event.type == "RoundRestarted"
    assert done.event.data == {
        "reason": "misclick by the server",
        "dispute": None,
        "round": 2,
        "restart": 1,
        "at_seq": at,
    }
    deal = store.read(game.stream)[-1]
    assert deal.type == "RoundStarted"
    assert deal.seq == done.event.seq + 1
    hands, boneyard = redealt(game, before, 1)
    assert deal.data["hands"] == [[list(t) for t in h] for h in hands]
    assert deal.data["boneyard"] == [list(t) for t in boneyard]
    state = load(game.stream).state
    assert (state.round, state.phase, state.round_history) == (2, "engine", before.round_history)
    assert state.hands != before.hands
    assert game.to_move == state.to_move
    assert game.status == "active"
    assert game.deadline is not None
    assert verify_game(game).ok
    action = StaffAction.objects.get(game=game, action="round_restarted")
    assert action.data == {"restart": 1, "round": 2, "at_seq": at}

    refused(  # nothing played since: a second click would deal again
        lambda: adjudication.adjudicate_restart_round(game_id=game.pk, by=mod, reason="x"),
        "already_restarted",
    )

    game = play(game, [ana, bo], moves=1)
    again = adjudication.adjudicate_restart_round(game_id=game.pk, by=mod, reason="again")
    assert again.event.data["restart"] == 2
    assert again.event.data["at_seq"] is None
    game = Game.objects.get(pk=game.pk)
    hands2, _ = redealt(game, before, 2)
    assert store.read(game.stream)[-1].data["hands"] == [[list(t) for t in h] for h in hands2]
    assert hands2 != hands
    assert verify_game(game).ok

    game = play(game, [ana, bo])  # on to the end from the fresh deal
    assert game.status == "finished"
    assert verify_game(game).ok
    record = selectors.game_record_for(game, ana)  # the superseded deals and moves left out
    assert [r.get("restart") for r in record["rounds"]] == [None, 2]
    assert record["rounds"][1]["deal"]["hands"] == [[list(t) for t in h] for h in hands2]
    verdict = verify_record(record)
    assert verdict.ok, verdict.problem
    assert verdict.seed_checked, verdict.problem
    for wrong in (1, 3, None, True, 0):  # another restart's deal, or the round's own
        forged = copy.deepcopy(record)
        forged["rounds"][1]["restart"] = wrong
        if wrong is None:
            del forged["rounds"][1]["restart"]
        problem = verify_record(forged).problem
        assert problem is not None, wrong
        assert (problem.kind, problem.round) == ("deal", 2), wrong
    projected = game_projection_from_log(game)
    assert (projected["status"], projected["version"], projected["result"]) == (
        game.status,
        game.version,
        game.result,
    )


def test_a_restart_names_an_event_of_the_round_as_it_stands_or_none(ana, bo, mod):
    game = in_round(ana, bo, positions=2)
    first = min(round_seqs(game))
    for at in (first - 1, game.version + 1, 0, True, "3"):
        refused(
            lambda at=at: adjudication.adjudicate_restart_round(
                game_id=game.pk, by=mod, reason="x", at_seq=at
            ),
            "invalid_seq",
        )
    assert Game.objects.get(pk=game.pk).version == game.version
    done = adjudication.adjudicate_restart_round(
        game_id=game.pk, by=mod, reason="x", at_seq=game.version
    )
    assert done.event.data["at_seq"] == game.version


def test_a_finished_game_does_not_restart(finished_game, mod):
    refused(
        lambda: adjudication.adjudicate_restart_round(
            game_id=finished_game.pk, by=mod, reason="x", at_seq=3
        ),
        "game_not_active",
    )


def test_a_restart_sends_each_player_their_own_fresh_hand_only(ana, bo, mod):
    game = in_round(ana, bo, positions=4)
    done = run_committed(adjudication.adjudicate_restart_round, game_id=game.pk, by=mod, reason="r")
    game = Game.objects.get(pk=game.pk)
    state = load(game.stream).state
    appended = [e for e in store.read(game.stream) if e.seq >= done.event.seq]
    assert [e.type for e in appended[:2]] == ["RoundRestarted", "RoundStarted"]

    for user, seat in ((ana, 0), (bo, 1), (None, None)):
        hidden = hidden_tiles(state, seat)
        events = client_for(user).get(f"/api/v1/games/{game.pk}/events").json()
        restart = next(e for e in events if e["type"] == "RoundRestarted")
        assert "state" not in restart["data"]
        assert not leaked(restart, hidden)
        dealt = next(e for e in events if e["seq"] == done.event.seq + 1)
        assert "boneyard" not in dealt["data"]
        assert not leaked(dealt, hidden)
        if seat is not None:
            mine = sorted(tuple(t) for t in dealt["data"]["hands"][seat])
            assert mine == sorted(state.hands[seat])
        payload = viewer_payload(game.pk, "active", game.version, appended[:2], state, seat)
        assert not leaked(payload, hidden)
        deal = client_for(user).get(f"/api/v1/games/{game.pk}/record").json()["rounds"][-1]["deal"]
        assert "boneyard" not in deal
        assert [i for i, h in enumerate(deal["hands"]) if h is not None] == (
            [] if seat is None else [seat]
        )


def test_an_adjudication_answering_a_dispute_writes_in_its_thread(finished_game, ana, bo, mod):
    d = open_dispute(ana, finished_game, category="abuse", reason="insults").json()
    r = client_for(mod).post(
        f"/api/v1/audit/games/{finished_game.pk}/void",
        {"reason": "abuse confirmed", "dispute": d["id"]},
        format="json",
    )
    assert r.status_code == 201, r.json()
    assert r.json()["status"] == "void"
    message = DisputeMessage.objects.get(dispute_id=d["id"], kind="adjudication")
    assert "abuse confirmed" in message.body
    thread = client_for(ana).get(f"/api/v1/disputes/{d['id']}").json()
    assert thread["game_status"] == "void"
    assert [n.url for n in Notification.objects.filter(user=bo, kind="dispute_update")] == [
        f"/disputes/{d['id']}"
    ]
    action = StaffAction.objects.get(action="game_voided")
    assert (action.staff, action.dispute_id, action.reason) == (mod, d["id"], "abuse confirmed")


def test_an_adjudication_names_a_dispute_of_its_own_game(finished_game, ana, bo, mod):
    other = play(open_table(ana, [bo]), [ana, bo])
    d = open_dispute(ana, other, category="abuse", reason="x").json()
    r = client_for(mod).post(
        f"/api/v1/audit/games/{finished_game.pk}/void",
        {"reason": "r", "dispute": d["id"]},
        format="json",
    )
    assert r.status_code == 400
    assert r.json()["code"] == "invalid_dispute"
    assert Game.objects.get(pk=finished_game.pk).status == "finished"


def test_the_adjudication_projection_rebuilds_void_and_award(ana, bo, mod, ratings):
    voided = play(open_table(ana, [bo]), [ana, bo])
    adjudication.adjudicate_void(game_id=voided.pk, by=mod, reason="r")
    awarded = play(open_table(ana, [bo], rounds=2), [ana, bo], moves=2)
    adjudication.adjudicate_award(game_id=awarded.pk, by=mod, reason="r", places=[1, 3, 2])
    for gid in (voided.pk, awarded.pk):
        game = Game.objects.get(pk=gid)
        rebuilt = game_projection_from_log(game)  # the service folds the adjudications in
        assert (rebuilt["status"], rebuilt["result"], rebuilt["version"]) == (
            game.status,
            game.result,
            game.version,
        )
        assert rebuilt["deadline"] is None
        assert rebuilt["to_move"] is None
        game_rebuild_projections(game_id=gid)
        again = Game.objects.get(pk=gid)
        assert (again.status, again.result, again.finished_at) == (
            game.status,
            game.result,
            game.finished_at,
        )


def test_listeners_hear_of_an_adjudication_once_it_has_committed(ana, bo, mod, ratings):
    from django.test import TestCase

    from games.signals import game_ended

    game = in_round(ana, bo, positions=2)
    heard = []

    def listen(signal_name):
        return lambda sender, **kw: heard.append((signal_name, kw))

    on_adjudicated, on_ended = listen("adjudicated"), listen("ended")
    adjudication.game_adjudicated.connect(on_adjudicated)
    game_ended.connect(on_ended)
    try:
        with TestCase.captureOnCommitCallbacks() as callbacks:
            adjudication.adjudicate_award(game_id=game.pk, by=mod, reason="r", places=[2, 1])
            assert heard == []  # nothing before the commit
        for callback in callbacks:
            callback()
    finally:
        adjudication.game_adjudicated.disconnect(on_adjudicated)
        game_ended.disconnect(on_ended)
    seq = Game.objects.get(pk=game.pk).version
    common = {"game_id": str(game.pk), "status": "finished", "rated": False}
    assert [(name, {k: v for k, v in kw.items() if k != "signal"}) for name, kw in heard] == [
        ("adjudicated", {**common, "type": "ResultAwarded", "seq": seq}),
        ("ended", common),
    ]


def test_a_restart_on_a_bots_turn_lets_the_bot_play_on(ana, mod):
    from tests.support.factories import run_committed

    game = open_table(ana, bots=1, rounds=2)
    for _ in range(30):  # who moves first after a fresh deal is the deal's doing
        game = play(game, [ana], moves=1)
        assert game.status == "active"
        done = run_committed(
            adjudication.adjudicate_restart_round, game_id=game.pk, by=mod, reason="r"
        )
        state = fold(store.read(game.stream, upto=done.event.seq + 1))
        if state.to_move == 1:
            break
    else:
        raise AssertionError("thirty fresh deals and the bot never moved first")

    game = Game.objects.get(pk=game.pk)
    assert game.version > done.event.seq + 1  # the bot's turn was played once committed
    assert game.status != "active" or game.to_move == 0
    assert verify_game(game).ok
