"""The deal derived from the seed (spec/game-record.md, "provably fair")."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

from .tiles import Tile, full_set

LABEL = b"mexican-train/deal"
_TWO64 = 1 << 64


def commitment(seed: bytes) -> str:
    """Return the seed commitment shown before the first deal: SHA-256 of the seed, in hex."""
    return hashlib.sha256(seed).hexdigest()


class _RoundStream:
    """The byte stream of one round: SHA-256(seed ‖ label ‖ u32be(r) ‖ u64be(k)) for k = 0, 1, …

    Read as big-endian u64 words; a SHA-256 block holds exactly four of them.
    """

    def __init__(self, seed: bytes, round_number: int) -> None:
        self._prefix = seed + LABEL + struct.pack(">I", round_number)
        self._k = 0
        self._words: list[int] = []

    def _u64(self) -> int:
        if not self._words:
            block = hashlib.sha256(self._prefix + struct.pack(">Q", self._k)).digest()
            self._k += 1
            self._words = list(reversed(struct.unpack(">4Q", block)))
        return self._words.pop()

    def randbelow(self, m: int) -> int:
        limit = _TWO64 - (_TWO64 % m)
        while True:
            x = self._u64()
            if x < limit:
                return x % m


def shuffled_set(seed: bytes, round_number: int, set_max: int) -> list[Tile]:
    """Return the round's deck: the canonical set shuffled by Fisher–Yates on the round stream."""
    deck = list(full_set(set_max))
    stream = _RoundStream(seed, round_number)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.randbelow(i + 1)
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
