"""The deal derived from the seed (spec/game-record.md, "provably fair")."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from collections.abc import Sequence
from itertools import count

from .tiles import MAX_SET
from .tiles import Tile
from .tiles import full_set
from .tiles import set_size

LABEL = b"mexican-train/deal"
_TWO64 = 1 << 64


def commitment(seed: bytes) -> str:
    """Return the seed commitment shown before the first deal: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


_U32 = struct.Struct(">I")
_U64 = struct.Struct(">Q")
_BLOCK_WORDS = struct.Struct(">4Q")  # a SHA-256 block read as four big-endian u64 words


def _round_words(seed: bytes, round_number: int) -> Iterator[int]:
    """Yield the byte stream of one round, SHA-256(seed ‖ label ‖ u32be(r) ‖ u64be(k)) for
    k = 0, 1, …, as big-endian u64 words."""
    prefix = seed + LABEL + _U32.pack(round_number)
    sha256 = hashlib.sha256
    for k in count():
        yield from _BLOCK_WORDS.unpack(sha256(prefix + _U64.pack(k)).digest())


# _LIMITS[m]: the largest multiple of m not above 2^64 (m up to the largest set size), so a
# shuffle step does no arithmetic on 2^64 itself.
_LIMITS = tuple(_TWO64 - (_TWO64 % m) if m else 0 for m in range(set_size(MAX_SET) + 1))
# The lowest of the limits of the steps of a shuffle (m from 2 up): a word below it is taken by
# whichever step it falls to.
_NO_REJECTION = min(_LIMITS[2:])


def shuffled_set(seed: bytes, round_number: int, set_max: int) -> list[Tile]:
    """Return the round's deck: the canonical set shuffled by Fisher–Yates on the round stream."""
    deck = list(full_set(set_max))
    n = len(deck)
    # Every step but a rejected one takes the next word: hash the blocks those take in one go.
    # A rejection (a word at or above _LIMITS[i + 1], odds below 2^-56 per word) changes which
    # words the later steps take, so the general path below shuffles the deck afresh.
    prefix = seed + LABEL + _U32.pack(round_number)
    blocks = (n - 1 + 3) // 4
    stream = b"".join([hashlib.sha256(prefix + _U64.pack(k)).digest() for k in range(blocks)])
    words = struct.unpack(f">{4 * blocks}Q", stream)
    if max(words) >= _NO_REJECTION:
        # Some step may reject its word (or a spare word is merely large): step by step.
        for i, x in zip(range(n - 1, 0, -1), words, strict=False):  # up to 3 spare words
            m = i + 1
            if x >= _LIMITS[m]:
                return _shuffled_by_stream(seed, round_number, set_max)
            j = x % m
            deck[i], deck[j] = deck[j], deck[i]
        return deck
    # No word reaches any step's limit (all but about one deal in 10^15): no step rejects.
    for i, x in zip(range(n - 1, 0, -1), words, strict=False):
        j = x % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffled_by_stream(seed: bytes, round_number: int, set_max: int) -> list[Tile]:
    deck = list(full_set(set_max))
    words = _round_words(seed, round_number)
    for i in range(len(deck) - 1, 0, -1):
        # j uniform in [0, i]: reject the words at or above _LIMITS[i + 1].
        m = i + 1
        limit = _LIMITS[m]
        x = next(words)
        while x >= limit:
            x = next(words)
        j = x % m
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_round(
    seed: bytes, round_number: int, set_max: int, seats: int, hand_size: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """Return (hands, boneyard): seat s takes deck[s*h:(s+1)*h], the rest is drawn in order."""
    deck = shuffled_set(seed, round_number, set_max)
    hands = tuple(tuple(deck[s * hand_size : (s + 1) * hand_size]) for s in range(seats))
    return hands, tuple(deck[seats * hand_size :])


REDEAL_LABEL = b"mexican-train/redeal"


def redeal_seed(seed: bytes, round_number: int, restart: int) -> bytes:
    """Return the seed of restart ``restart`` (1, 2, …) of round ``round_number``: SHA-256(seed ‖
    "mexican-train/redeal" ‖ u32be(round) ‖ u32be(restart)). The restarted round is dealt by
    ``deal_round`` from it, as round ``round_number`` (spec/game-record.md, "Restarts")."""
    if restart < 1:
        raise ValueError("restarts count from 1")
    return hashlib.sha256(
        seed + REDEAL_LABEL + struct.pack(">I", round_number) + struct.pack(">I", restart)
    ).digest()


SEED_V2_LABEL = b"mexican-train/seed-v2"
MAX_CONTRIBUTION_BYTES = 256


def derive_seed_v2(server_seed: bytes, contributions: Sequence[str]) -> bytes:
    """Return the version 2 seed: SHA-256 over the label, the server seed and the players'
    contributions, each length-prefixed (spec/game-record.md, version 2, step 2)."""
    parts = [SEED_V2_LABEL, server_seed, struct.pack(">I", len(contributions))]
    for value in contributions:
        b = value.encode("utf-8")
        if len(b) > MAX_CONTRIBUTION_BYTES:
            raise ValueError(f"a contribution holds at most {MAX_CONTRIBUTION_BYTES} UTF-8 bytes")
        parts += [struct.pack(">I", len(b)), b]
    return hashlib.sha256(b"".join(parts)).digest()
