"""R23: after the last round the lowest total wins; ties are broken by the most rounds scored 0,
then by the lowest single non-zero round score; players still tied share the place and the next
place is skipped (1, 1, 3)."""

from games.engine import MatchEnded
from games.engine import RoundEnded
from games.engine.scoring import places
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import ruleset
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import seat0_second_turn
from tests.games.engine.factories import stop
from tests.games.engine.factories import three_round_match


def _places(*rounds):
    return places([tuple(r) for r in rounds], ruleset())


def test_lowest_total_wins():
    totals, zeros, result = _places((10, 20, 5), (5, 3, 0))
    assert totals == (15, 23, 5)
    assert zeros == (0, 0, 1)
    assert result == (2, 3, 1)


def test_tie_on_total_is_broken_by_most_rounds_scored_zero():
    # Seat 0: 0 + 20; seat 1: 1 + 19. Seat 1's single lowest round (1) would win the next
    # tie-break, but seat 0 has more rounds at 0.
    totals, zeros, result = _places((0, 1), (20, 19))
    assert totals == (20, 20)
    assert zeros == (1, 0)
    assert result == (1, 2)


def test_tie_on_total_and_zero_rounds_is_broken_by_lowest_single_non_zero_round():
    # Seat 0: 3 + 9; seat 1: 6 + 6; both one round at 0.
    totals, zeros, result = _places((3, 6), (0, 0), (9, 6))
    assert totals == (12, 12)
    assert zeros == (1, 1)
    assert result == (1, 2)


def test_zero_rounds_do_not_count_as_the_lowest_single_round():
    # Seat 0: 0, 4, 8; seat 1: 0, 6, 6; the 0s are equal in number and do not break the tie.
    totals, zeros, result = _places((0, 0), (4, 6), (8, 6))
    assert totals == (12, 12)
    assert zeros == (1, 1)
    assert result == (1, 2)


def test_players_still_tied_share_the_place_and_the_next_is_skipped():
    # Seats 0 and 1 tie on everything (12, no zero rounds, lowest round 3); seat 2 has 12 too
    # but its lowest round is 6; seat 3 has a higher total.
    totals, zeros, result = _places((3, 9, 6, 10), (9, 3, 6, 10))
    assert totals == (12, 12, 12, 20)
    assert result == (1, 1, 3, 4)


def test_shared_second_place_skips_the_fourth():
    totals, zeros, result = _places((1, 5, 5, 9), (1, 5, 5, 9))
    assert result == (1, 2, 2, 4)


def test_everyone_tied_shares_first_place():
    totals, zeros, result = _places((4, 4, 4), (0, 0, 0))
    assert result == (1, 1, 1)


# -- through the engine ------------------------------------------------------------------------


def test_match_end_breaks_a_tied_total_by_most_zero_rounds():
    state, events = three_round_match()
    assert [e for e in events if isinstance(e, RoundEnded)] == [
        RoundEnded(1, (0, 5), 0, False),
        RoundEnded(2, (0, 10), 0, False),
        RoundEnded(3, (15, 0), 1, False),
    ]
    assert events[-1] == MatchEnded((15, 15), (2, 1), (1, 2))
    assert state.finished
    assert state.result == events[-1]


def test_match_end_shares_the_place_of_players_tied_on_everything():
    state, events = seat0_second_turn(
        [[(6, 6), (6, 5), (5, 4)], [(1, 0), (1, 1), (2, 0)]], rounds=2
    )
    state, _ = run(state, play(0, 5, 4, 0), events=events)
    state, _ = run(
        state,
        scripted_deal([[(1, 0), (1, 1), (2, 0)], [(5, 5), (5, 3), (3, 2)]]),
        engine(1),
        play(1, 5, 3, 1),
        stop(1),
        pass_(0),
        play(1, 3, 2, 1),
        events=events,
    )
    assert events[-2] == RoundEnded(2, (5, 0), 1, False)
    assert events[-1] == MatchEnded((5, 5), (1, 1), (1, 1))
