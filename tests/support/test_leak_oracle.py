"""The leak oracle (tests/support/leaks.py) catches a leak: every leak check of the platform's
tests relies on it, so these prove it is not vacuous — a payload built for another seat, a
record unredacted, another seat's tile in a view, a legal move or an event all fail it."""

from __future__ import annotations

import pytest

from eventstore import store
from games.domain import engine_events
from games.domain import load
from games.engine import FULL
from games.engine import export_record
from games.engine import view
from games.engine.tiles import tile
from games.models import stream_name
from tests.games.api.factories import player
from tests.games.api.factories import table
from tests.games.api.factories import url
from tests.support.leaks import Timeline
from tests.support.leaks import assert_frames_hide
from tests.support.leaks import assert_payload_hides
from tests.support.leaks import hidden_in_game
from tests.support.leaks import leaked
from tests.support.leaks import tile_pairs


@pytest.mark.django_db
def test_the_leak_check_itself_flags_another_seats_tiles():
    """Guard the guard: payloads built for seat 1, or unredacted, fail seat 0's checks."""
    ana, bo = player("ana"), player("bo")
    gid = table(ana, [bo])
    tl = Timeline(gid).sync()
    current = load(stream_name(gid)).state
    with pytest.raises(AssertionError):
        tl.assert_view_hides(view(current, 1), 0)
    with pytest.raises(AssertionError):
        tl.assert_record_hides(export_record(engine_events(store.read(stream_name(gid)))), 0)
    with pytest.raises(AssertionError):
        tl.assert_events_hide(bo.get(url(gid, "events")).json(), 0)
    mine = export_record(engine_events(store.read(stream_name(gid))), viewer=0)
    tl.assert_record_hides(mine, 0)
    with pytest.raises(AssertionError):
        tl.assert_record_hides(
            export_record(engine_events(store.read(stream_name(gid))), viewer=FULL), 0
        )


@pytest.mark.django_db(transaction=True)
def test_the_leak_checks_catch_a_leak():
    """The payload check is not vacuous: another seat's tile in a view, or a drawn tile in an
    event, is caught; the seat's own tile is not."""
    ana, bo = player("ana"), player("bo")
    gid = table(ana, [bo], bots=1)
    timeline = Timeline(gid).sync()
    theirs = sorted(timeline.now(0) - timeline.now(1))[0]  # in bo's hand
    with pytest.raises(AssertionError, match="shows"):
        assert_payload_hides({"view": {"hand": [list(theirs)]}}, timeline, 0, "view")
    event = {"seq": timeline.last, "type": "TileDrawn", "actor": {}}
    with pytest.raises(AssertionError, match="event"):
        assert_payload_hides([{**event, "tile": list(theirs)}], timeline, 0, "events")
    assert_payload_hides({"view": {"hand": [list(theirs)]}}, timeline, 1, "view")  # bo's own


@pytest.mark.django_db(transaction=True)
def test_the_frame_check_catches_another_seats_tile_in_a_view_a_legal_move_or_an_event():
    """Socket frames: another seat's tile in the view, in a legal move or in an event is
    caught while the game is played; the viewer's own tile is not, and an unknown frame type
    fails."""
    ana, bo = player("ana"), player("bo")
    gid = table(ana, [bo], bots=1)
    hidden = hidden_in_game(gid, 0)
    seq = len(hidden) - 1
    theirs = sorted(hidden[seq] - hidden_in_game(gid, 1)[seq])[0]  # in bo's hand
    frame = {"type": "events", "seq": seq, "status": "active", "view": {}, "legal_moves": []}
    frame["events"] = []
    assert_frames_hide([frame], hidden)  # nothing in it: passes
    with pytest.raises(AssertionError, match="view"):
        assert_frames_hide([{**frame, "view": {"hand": [list(theirs)]}}], hidden)
    move = {"action": "play", "tile": list(theirs), "train": "mexican"}
    with pytest.raises(AssertionError, match="legal moves"):
        assert_frames_hide([{**frame, "legal_moves": [move]}], hidden)
    event = {"seq": seq, "type": "TileDrawn", "data": {"tile": list(theirs)}}
    with pytest.raises(AssertionError, match="event"):
        assert_frames_hide([{**frame, "events": [event]}], hidden)
    with pytest.raises(AssertionError):
        assert_frames_hide([{"type": "surprise"}], hidden)
    assert_frames_hide([{**frame, "view": {"hand": [list(theirs)]}}], hidden_in_game(gid, 1))


def test_tile_pairs_finds_tiles_only_under_the_keys_that_hold_tiles():
    """A pair of ints is a tile under a tile key, at any depth; elsewhere (a seq and a seat, a
    score) it is not, and booleans are never tile halves."""
    payload = {
        "view": {"hand": [[6, 5], [4, 0]], "trains": [{"tiles": [[3, 2]]}]},
        "scores": [12, 7],
        "hands": [None, [[1, True]]],
    }
    assert sorted(tile_pairs(payload)) == sorted([tile(6, 5), tile(4, 0), tile(3, 2)])
    assert leaked(payload, {tile(3, 2), tile(1, 1)}) == {tile(3, 2)}
    assert leaked(payload, set()) == set()
