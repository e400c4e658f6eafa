"""R4: the tiles are shuffled, each player draws a hand, the rest is the boneyard; hands are
secret, the boneyard order is secret from everyone (and spec/game-record.md, the seeded deal)."""

import hashlib

import pytest

from games.engine import Code
from games.engine import MatchStarted
from games.engine import RoundStarted
from games.engine import StartRound
from games.engine import TileDrawn
from games.engine import commitment
from games.engine import deal_round
from games.engine import initial_state
from games.engine import redact_event
from games.engine import spectator_view
from games.engine import view
from games.engine.tiles import full_set
from tests.games.engine.factories import SEED
from tests.games.engine.factories import draw
from tests.games.engine.factories import engine
from tests.games.engine.factories import pass_
from tests.games.engine.factories import play
from tests.games.engine.factories import refusal
from tests.games.engine.factories import ruleset
from tests.games.engine.factories import run
from tests.games.engine.factories import scripted_deal
from tests.games.engine.factories import start

ZERO_SEED = bytes(32)


def _reference_deal(seed: bytes, r: int, n_max: int, seats: int, h: int):
    """The deal written straight from spec/game-record.md, independently of games.engine.deal."""
    stream = bytearray()
    k = 0

    def next8() -> int:
        nonlocal k, stream
        while len(stream) < 8:
            stream += hashlib.sha256(
                seed + b"mexican-train/deal" + r.to_bytes(4, "big") + k.to_bytes(8, "big")
            ).digest()
            k += 1
        x = int.from_bytes(stream[:8], "big")
        del stream[:8]
        return x

    def randbelow(m: int) -> int:
        limit = 2**64 - (2**64 % m)
        while True:
            x = next8()
            if x < limit:
                return x % m

    deck = [(a, b) for a in range(n_max + 1) for b in range(a + 1)]
    for i in range(len(deck) - 1, 0, -1):
        j = randbelow(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = tuple(tuple(deck[s * h : (s + 1) * h]) for s in range(seats))
    return hands, tuple(deck[seats * h :])


def _tiles(text: str):
    return tuple(tuple(int(x) for x in part.strip("[]").split(",")) for part in text.split())


def test_the_spec_test_vector_commitment_is_sha256_of_the_seed():
    assert (
        commitment(ZERO_SEED) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    )
    assert commitment(ZERO_SEED) == hashlib.sha256(ZERO_SEED).hexdigest()


def test_the_spec_test_vector_deals_exactly_these_hands_and_boneyard():
    hands, boneyard = deal_round(ZERO_SEED, 1, 6, 2, 7)
    assert hands == (
        _tiles("[6,6] [1,0] [5,3] [3,3] [6,2] [4,2] [3,0]"),
        _tiles("[2,0] [5,5] [3,2] [5,1] [3,1] [6,1] [5,2]"),
    )
    assert boneyard == _tiles(
        "[2,1] [2,2] [0,0] [4,0] [6,3] [1,1] [6,5] [4,3] [6,0] [6,4] [4,1] [5,4] [5,0] [4,4]"
    )


def test_the_spec_test_vector_starts_a_match_with_those_hands_in_dealt_order():
    state = initial_state(MatchStarted(ruleset(hand_size=7), 2, commitment(ZERO_SEED)))
    hands, boneyard = deal_round(ZERO_SEED, 1, 6, 2, 7)
    state, events = run(state, StartRound(hands, boneyard))
    started = events[0]
    assert isinstance(started, RoundStarted)
    assert started.round == 1
    assert started.engine == 6
    assert started.hands == hands
    assert started.boneyard == boneyard
    assert [sorted(h) for h in state.hands] == [sorted(h) for h in hands]
    # seat 0 holds [6,6]: it places the engine (R6)
    assert state.to_move == 0


@pytest.mark.parametrize(
    ("seed", "r", "n_max", "seats", "h"),
    [
        (ZERO_SEED, 1, 6, 2, 7),
        (ZERO_SEED, 2, 6, 2, 7),
        (ZERO_SEED, 7, 6, 4, 7),
        (bytes(range(32)), 1, 12, 4, 15),
        (bytes(range(32)), 13, 12, 8, 11),
        (b"\xff" * 32, 3, 9, 3, 15),
        (b"\x01" * 32, 16, 15, 12, 11),
        (b"\x02" * 32, 1, 18, 14, 11),
    ],
)
def test_the_deal_follows_the_spec_algorithm_for_any_seed_round_and_table(seed, r, n_max, seats, h):
    assert deal_round(seed, r, n_max, seats, h) == _reference_deal(seed, r, n_max, seats, h)


@pytest.mark.parametrize(("n_max", "seats", "h"), [(6, 2, 7), (12, 4, 15), (18, 14, 11)])
def test_a_deal_is_one_whole_set_split_into_hands_and_boneyard(n_max, seats, h):
    hands, boneyard = deal_round(ZERO_SEED, 1, n_max, seats, h)
    assert [len(x) for x in hands] == [h] * seats
    dealt = [t for x in hands for t in x] + list(boneyard)
    assert sorted(dealt) == sorted(full_set(n_max))


def test_each_round_of_a_match_has_a_different_deal():
    deals = [deal_round(ZERO_SEED, r, 12, 4, 15) for r in range(1, 14)]
    assert len({d for d in deals}) == 13


def test_a_different_seed_gives_a_different_deal():
    assert deal_round(ZERO_SEED, 1, 12, 4, 15) != deal_round(b"\x01" + bytes(31), 1, 12, 4, 15)


def test_a_deal_is_reproducible_from_its_seed():
    assert deal_round(b"\x07" * 32, 5, 9, 3, 15) == deal_round(b"\x07" * 32, 5, 9, 3, 15)


def test_a_deal_that_is_not_one_full_set_is_refused():
    state = initial_state(MatchStarted(ruleset(hand_size=3), 2, commitment(SEED)))
    good = scripted_deal([[(6, 6), (6, 5), (1, 0)], [(6, 4), (2, 1), (3, 0)]])
    # the boneyard repeats a hand's tile instead of one of its own
    bad = StartRound(good.hands, good.boneyard[:-1] + ((6, 6),))
    assert refusal(state, bad) == (Code.BAD_DEAL, "R4")
    short = StartRound(good.hands, good.boneyard[:-1])
    assert refusal(state, short) == (Code.BAD_DEAL, "R4")


def test_the_boneyard_is_drawn_from_its_front_in_dealt_order():
    # nobody holds [6,6]: the engine search draws the boneyard front first (R7)
    state, _ = start([[(5, 5), (1, 0)], [(4, 4), (2, 0)]], [(3, 1), (6, 6)])
    state, events = run(state, draw(0), draw(1))
    assert [(e.seat, e.tile) for e in events] == [(0, (3, 1)), (1, (6, 6))]


def _pairs(obj):
    """Every [a, b] pair of whole numbers anywhere in a JSON-like value."""
    if isinstance(obj, dict):
        for v in obj.values():
            yield from _pairs(v)
    elif isinstance(obj, (list, tuple)):
        if len(obj) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in obj):
            yield tuple(obj)
        for v in obj:
            yield from _pairs(v)


HANDS = [[(6, 6), (6, 5), (1, 0)], [(6, 4), (2, 1), (3, 0)], [(6, 3), (4, 1), (5, 0)]]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seat_sees_its_own_hand_and_no_other_hand_nor_the_boneyard(seat):
    state, _ = start(HANDS)
    v = view(state, seat)
    assert sorted(map(tuple, v["hand"])) == sorted(HANDS[seat])
    hidden = {t for i, h in enumerate(HANDS) if i != seat for t in h} | set(state.boneyard)
    assert not hidden & set(_pairs(v))
    assert v["hand_counts"] == [3, 3, 3]
    assert v["boneyard_count"] == 28 - 9
    assert "boneyard" not in v


def test_a_spectator_sees_no_hand_and_no_boneyard():
    state, _ = start(HANDS)
    v = spectator_view(state)
    assert "hand" not in v
    hidden = {t for h in HANDS for t in h} | set(state.boneyard)
    assert not hidden & set(_pairs(v))


def test_the_deal_event_shown_to_a_seat_holds_only_its_own_hand_and_no_boneyard():
    state, events = start(HANDS)
    deal = events[-1]
    assert isinstance(deal, RoundStarted)
    for seat in (0, 1, 2):
        shown = redact_event(deal, seat)["data"]
        assert "boneyard" not in shown
        assert shown["boneyard_count"] == 19
        for i, h in enumerate(shown["hands"]):
            if i == seat:
                assert sorted(map(tuple, h)) == sorted(HANDS[seat])
            else:
                assert h is None
    spectator = redact_event(deal, None)["data"]
    assert spectator["hands"] == [None, None, None]
    assert "boneyard" not in spectator


def test_a_drawn_tile_is_seen_only_by_the_seat_that_drew_it():
    # nobody holds [6,6]; seat 0 draws [3,1] while searching for the engine
    state, _ = start([[(5, 5), (1, 0)], [(4, 4), (2, 0)]], [(3, 1), (6, 6)])
    state, events = run(state, draw(0))
    drawn = events[-1]
    assert isinstance(drawn, TileDrawn)
    assert redact_event(drawn, 0)["data"]["tile"] == [3, 1]
    assert "tile" not in redact_event(drawn, 1)["data"]
    assert "tile" not in redact_event(drawn, None)["data"]
    assert (3, 1) in set(map(tuple, view(state, 0)["hand"]))
    assert (3, 1) not in set(_pairs(view(state, 1)))


def test_a_seat_cannot_play_a_tile_it_does_not_hold():
    state, _ = start(HANDS)
    state, _ = run(state, engine(0))
    # [6,4] is seat 1's tile
    assert refusal(state, play(0, 6, 4, 0)) == (Code.TILE_NOT_IN_HAND, "R4")


def test_no_move_is_accepted_before_the_round_is_dealt():
    state = initial_state(MatchStarted(ruleset(hand_size=3), 2, commitment(SEED)))
    assert refusal(state, pass_(0)) == (Code.ROUND_NOT_STARTED, "R4")


def test_a_rejected_word_shuffles_as_the_stream_says(monkeypatch):
    """R4: a word at or above the rejection limit is skipped (forced here by lowering the limits),
    and the deck is the one the word-by-word reading of the round stream gives."""
    from games.engine import deal

    seed = bytes(range(32))
    limits = list(deal._LIMITS)
    limits[50] = 1 << 62  # about three words in four are rejected at this step
    monkeypatch.setattr(deal, "_LIMITS", tuple(limits))
    monkeypatch.setattr(deal, "_NO_REJECTION", min(limits[2:]))
    words = deal._round_words(seed, 3)
    deck = list(deal.full_set(12))
    for i in range(len(deck) - 1, 0, -1):
        x = next(words)
        while x >= limits[i + 1]:
            x = next(words)
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert deal.shuffled_set(seed, 3, 12) == deck
    monkeypatch.undo()
    assert deal.shuffled_set(seed, 3, 12) != deck


def test_the_shuffle_without_rejections_is_the_step_by_step_one(monkeypatch):
    """R4: a deal whose words all lie below every limit skips the per-step check; the decks are
    those of the step-by-step shuffle (forced here by a limit no word is below)."""
    from games.engine import deal

    seeds = [bytes([n]) * 32 for n in range(40)]
    cases = [(seed, r, set_max) for seed in seeds for r in (1, 7) for set_max in (6, 12, 18)]
    fast = [deal.shuffled_set(*case) for case in cases]
    monkeypatch.setattr(deal, "_NO_REJECTION", 0)
    assert [deal.shuffled_set(*case) for case in cases] == fast
    assert [deal._shuffled_by_stream(*case) for case in cases] == fast
