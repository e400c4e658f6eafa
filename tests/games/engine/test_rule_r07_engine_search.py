"""R7: if nobody holds the engine double, players draw one tile at a time, clockwise from seat
(round - 1) mod n, until someone draws it; that player places it and starts the round. Tiles drawn
while searching stay in the drawers' hands."""

from games.engine import Code
from games.engine import DrawTile
from games.engine import EnginePlaced
from games.engine import PlaceEngine
from games.engine import TileDrawn
from games.engine import view
from games.engine.tiles import full_set
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import legal_moves
from tests.games.engine.factories import pass_
from tests.games.engine.factories import pass_first_turns
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import start
from tests.games.engine.factories import stop

# nobody holds [6,6]; the boneyard front is [6,1] [2,2] [3,3] [4,4] [6,6]
HANDS = [[(5, 5), (1, 0)], [(5, 4), (2, 0)], [(5, 3), (3, 0)]]
FRONT = [(6, 1), (2, 2), (3, 3), (4, 4), (6, 6)]


def test_when_nobody_holds_the_engine_round_one_starts_the_search_at_seat_zero():
    state, _ = start(HANDS, FRONT)
    assert state.to_move == 0
    assert legal_moves(state, 0) == [DrawTile(0)]
    assert legal_moves(state, 1) == legal_moves(state, 2) == []
    assert view(state, 0)["engine_placed"] is False


def test_the_engine_found_by_drawing_is_placed_by_its_drawer_who_then_starts_the_round():
    state, _ = start(HANDS, FRONT)
    state, events = run(state, draw(0), draw(1), draw(2), draw(0), draw(1))
    # clockwise from seat 0, wrapping round the table, until [6,6] turns up at seat 1
    assert [(e.seat, e.tile) for e in events] == [
        (0, (6, 1)),
        (1, (2, 2)),
        (2, (3, 3)),
        (0, (4, 4)),
        (1, (6, 6)),
    ]
    assert state.to_move == 1
    assert legal_moves(state, 1) == [PlaceEngine(1)]
    assert refusal(state, draw(1)) == (Code.MUST_PLACE_ENGINE, "R6")
    state, events = run(state, engine(1))
    assert events == [EnginePlaced(1, (6, 6))]
    # the finder takes the round's first turn (R13a), then play goes clockwise
    assert state.to_move == 1
    assert state.first_turn
    state, _ = run(state, pass_(1))
    assert state.to_move == 2


def test_tiles_drawn_while_searching_for_the_engine_stay_in_the_drawers_hands():
    state, _ = start(HANDS, FRONT)
    state, _ = run(state, draw(0), draw(1), draw(2), draw(0), draw(1), engine(1))
    assert state.hands[0] == {(5, 5), (1, 0), (6, 1), (4, 4)}
    assert state.hands[1] == {(5, 4), (2, 0), (2, 2)}
    assert state.hands[2] == {(5, 3), (3, 0), (3, 3)}
    assert view(state, 0)["hand_counts"] == [4, 3, 3]
    assert state.boneyard_left == 28 - 6 - 5


def test_a_tile_drawn_while_searching_may_start_the_drawers_train_on_the_first_turn():
    state, _ = start(HANDS, FRONT)
    state, _ = run(
        state, draw(0), draw(1), draw(2), draw(0), draw(1), engine(1), pass_(1), pass_(2)
    )
    # seat 0 drew [6,1] during the search: it starts its train with it, then [1,0]
    state, _ = run(state, play(0, 6, 1, 0), play(0, 1, 0, 0), stop(0))
    assert state.trains[0] == [(6, 1), (1, 0)]


def test_the_first_drawer_to_find_the_engine_may_be_the_first_drawer_of_all():
    state, _ = start(HANDS, [(6, 6)])
    state, events = run(state, draw(0), engine(0))
    assert events == [TileDrawn(0, (6, 6)), EnginePlaced(0, (6, 6))]
    assert state.to_move == 0
    assert state.first_turn
    assert state.hands[0] == {(5, 5), (1, 0)}


def test_only_the_seat_whose_turn_it_is_may_draw_for_the_engine():
    state, _ = start(HANDS, FRONT)
    assert refusal(state, draw(1)) == (Code.NOT_YOUR_TURN, "R6")
    state, _ = run(state, draw(0))
    assert state.to_move == 1
    assert refusal(state, draw(0)) == (Code.NOT_YOUR_TURN, "R6")
    assert refusal(state, draw(2)) == (Code.NOT_YOUR_TURN, "R6")


def test_a_seat_without_the_engine_double_may_not_place_it():
    state, _ = start(HANDS, FRONT)
    assert refusal(state, engine(0)) == (Code.NO_ENGINE_DOUBLE, "R7")


def test_nobody_may_play_or_pass_while_the_engine_is_being_searched_for():
    state, _ = start(HANDS, FRONT)
    state, _ = run(state, draw(0))  # seat 0 now holds [6,1]
    assert refusal(state, pass_(1)) == (Code.ENGINE_NOT_PLACED, "R6")
    assert refusal(state, play(1, 5, 4, 1)) == (Code.ENGINE_NOT_PLACED, "R6")
    assert refusal(state, stop(1)) == (Code.STOP_NOT_ALLOWED, "R10")


def test_the_search_goes_on_to_the_last_tile_of_the_boneyard_if_the_engine_is_there():
    # scripted_deal puts the rest of the set in canonical order: [6,6] comes last of all
    state, _ = start([[(5, 5), (1, 0)], [(5, 4), (2, 0)]])
    drawers = []
    while not any(isinstance(m, PlaceEngine) for m in legal_moves(state, state.to_move)):
        seat = state.to_move
        drawers.append(seat)
        state, _ = run(state, draw(seat))
    assert len(drawers) == 28 - 4
    assert drawers == [k % 2 for k in range(24)]
    assert state.boneyard_left == 0
    state, _ = run(state, engine(1))
    assert state.to_move == 1
    assert state.first_turn
    assert len(state.hands[0]) == 2 + 12
    assert len(state.hands[1]) == 2 + 12 - 1


def _round_one_over(players: int):
    """Round 1 (engine 6), 2 tiles each, ended in its first turns: seat 0 goes out (R13)."""
    others = [t for t in full_set(6) if 6 not in t]
    hands = [[(6, 6), (6, 0)]] + [others[2 * (s - 1) : 2 * s] for s in range(1, players)]
    state, events = start(hands)
    return run(
        state, engine(0), play(0, 6, 0, 0), *[pass_(s) for s in range(1, players)], events=events
    )


def test_in_round_two_the_search_starts_at_seat_one_and_goes_clockwise():
    state, events = _round_one_over(3)
    # round 2's engine is [5,5]; nobody holds it; it is the third tile of the boneyard
    deal = scripted_deal(
        [[(4, 4), (1, 0)], [(3, 3), (2, 0)], [(2, 2), (3, 0)]], [(6, 6), (5, 1), (5, 5)]
    )
    state, events = run(state, deal)
    assert state.round == 2
    assert state.engine == 5
    assert state.to_move == 1
    assert legal_moves(state, 1) == [DrawTile(1)]
    assert refusal(state, draw(0)) == (Code.NOT_YOUR_TURN, "R6")
    state, events = run(state, draw(1), draw(2), draw(0))
    assert [(e.seat, e.tile) for e in events] == [(1, (6, 6)), (2, (5, 1)), (0, (5, 5))]
    state, events = run(state, engine(0))
    assert events == [EnginePlaced(0, (5, 5))]
    assert state.to_move == 0
    assert state.first_turn
    assert (6, 6) in state.hands[1]
    assert (5, 1) in state.hands[2]


def test_in_round_three_of_a_three_seat_match_the_search_starts_at_seat_two():
    state, events = _round_one_over(3)
    # round 2: seat 0 holds [5,5] and goes out in its first turn
    others = [t for t in full_set(6) if 5 not in t]
    state, events = run(
        state,
        scripted_deal([[(5, 5), (5, 0)], others[:2], others[2:4]]),
        engine(0),
        play(0, 5, 0, 0),
        pass_(1),
        pass_(2),
        events=events,
    )
    # round 3: engine [4,4] is in the boneyard, second from the front
    deal = scripted_deal([[(6, 6), (1, 0)], [(5, 5), (2, 0)], [(3, 3), (3, 0)]], [(6, 1), (4, 4)])
    state, events = run(state, deal)
    assert state.round == 3
    assert state.engine == 4
    assert state.to_move == 2
    state, events = run(state, draw(2), draw(0), engine(0))
    assert [e.seat for e in events] == [2, 0, 0]
    assert state.to_move == 0
    assert state.first_turn


def test_after_an_engine_search_every_seat_still_takes_one_first_turn_starting_with_the_finder():
    state, _ = start(HANDS, FRONT)
    state, _ = run(state, draw(0), draw(1), draw(2), draw(0), draw(1), engine(1))
    state, order = pass_first_turns(state)
    assert order == [1, 2, 0]
    assert state.to_move == 1
    assert not state.first_turn
    # seat 1's second turn: no tile of its hand shows 6, so now it draws (R15)
    assert legal_moves(state, 1) == [DrawTile(1)]
