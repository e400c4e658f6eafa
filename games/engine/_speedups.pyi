# The compiled part's signatures (games/engine/_speedups.c); their Python references are
# rules._py_plays and rules._py_open_plays. None: input that is not the engine's own state.
from collections.abc import Sequence
from collections.abc import Set

from .commands import PlayTile
from .tiles import Tile

MAX_SET: int

def plays(
    hand: Set[Tile], ends: list[int], targets: tuple[int, ...], rows: Sequence[object]
) -> list[PlayTile] | None: ...
def open_plays(
    hand: Set[Tile], ends: list[int], markers: list[bool], seat: int, rows: Sequence[object]
) -> list[PlayTile] | None: ...
