"""R8: every player owns one train, plus the Mexican Train; a train is a single line, touching ends
match, and the first tile of a train shows the engine's number on its inner end."""

import pytest

from games.engine import Code
from games.engine import TilePlayed
from games.engine import view
from tests.games.engine.factories import MEXICAN
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

HANDS = [
    [(6, 6), (6, 2), (5, 2), (5, 5), (4, 1)],
    [(6, 4), (4, 3), (3, 1), (0, 0), (1, 1)],
    [(6, 0), (2, 1), (3, 2), (4, 4), (5, 1)],
]


def test_there_is_one_train_per_seat_and_one_mexican_train_each_starting_from_the_engine():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    trains = view(state, 0)["trains"]
    assert [t["train"] for t in trains] == [0, 1, 2, MEXICAN]
    assert all(t["tiles"] == [] and t["end"] == 6 for t in trains)


def test_the_first_tile_of_a_train_must_show_the_engines_number():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert refusal(state, play(0, 5, 2, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    assert refusal(state, play(0, 5, 5, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")


def test_a_tile_is_laid_with_the_engines_number_inward_and_its_other_number_outward():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 2, 6, 0))
    train = view(state, 0)["trains"][0]
    assert train["tiles"] == [[6, 2]]
    assert train["end"] == 2


def test_each_next_tile_is_turned_so_its_touching_end_matches_even_against_its_high_low_order():
    state, _ = start(HANDS)
    # [5,2] is laid 2-inward: the train reads 6|6-2|2-5|5-5|5
    state, _ = run(state, engine(0), play(0, 6, 2, 0), play(0, 5, 2, 0), play(0, 5, 5, 0), stop(0))
    train = view(state, 1)["trains"][0]
    assert train["tiles"] == [[6, 2], [2, 5], [5, 5]]
    assert train["end"] == 5
    # a line that runs downward, and a double laid as a plain tile on the first turn (R10)
    state, _ = run(
        state, play(1, 6, 4, 1), play(1, 4, 3, 1), play(1, 3, 1, 1), play(1, 1, 1, 1), stop(1)
    )
    assert view(state, 0)["trains"][1]["tiles"] == [[6, 4], [4, 3], [3, 1], [1, 1]]
    state, _ = run(state, play(2, 6, 0, 2), stop(2))
    assert view(state, 0)["trains"][2] == {"train": 2, "tiles": [[6, 0]], "end": 0, "marker": False}


def test_a_tile_that_does_not_show_the_trains_open_end_is_refused():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), play(0, 6, 2, 0))
    # the open end shows 2: neither [4,1] nor [5,5] shows it
    assert refusal(state, play(0, 4, 1, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    assert refusal(state, play(0, 5, 5, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    # the inner end of the last tile is not an open end: a train is a single line
    state, _ = run(state, play(0, 5, 2, 0))
    assert refusal(state, play(0, 4, 1, 0)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    assert state.trains[0] == [(6, 2), (2, 5)]


def test_the_mexican_train_also_starts_from_the_engines_number():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0), pass_(0), pass_(1), pass_(2))
    assert refusal(state, play(0, 5, 2, MEXICAN)) == (Code.TILE_DOES_NOT_MATCH, "R8")
    state, events = run(state, play(0, 2, 6, MEXICAN))
    assert events[0] == TilePlayed(0, (6, 2), MEXICAN)
    assert view(state, 1)["trains"][3]["tiles"] == [[6, 2]]
    assert view(state, 1)["trains"][3]["end"] == 2


@pytest.mark.parametrize("train", [3, -1, 99, "Mexican", "0", None, True])
def test_a_train_that_does_not_exist_is_refused(train):
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    assert refusal(state, play(0, 6, 2, train)) == (Code.UNKNOWN_TRAIN, "R8")


def test_the_play_event_names_the_train_by_seat_number():
    state, _ = start(HANDS)
    state, events = run(state, engine(0), play(0, 6, 2, 0))
    assert events[-1] == TilePlayed(0, (6, 2), 0)
