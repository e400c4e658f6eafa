"""Tournament standings from finished tables: the published tie-break chain.

Every table's places follow RULES R23 (V4 for positive scoring): total, then rounds scored 0,
then the best single round; a forfeited or withdrawn player is last (R25); players still tied
share the place (1, 1, 3). Places earn placement points (``points``: the "share" scheme by
default, "raw", or "duplicate" matchpoints). Players are then ranked by, in order:

1. placement points, most first (the sum over every table played);
2. table wins, most first (tables where the player's place was 1, a shared first included);
3. opponents' points, highest first: the mean tournament points of every tablemate the player
   has sat with, counted once per table shared (a Buchholz score, averaged so that tables of
   different sizes weigh the same);
4. total game score over all tables: lowest first for penalty scoring, highest for positive;
5. head-to-head among the players still tied: for every table two of them shared, the one
   placed ahead scores +1 and the other -1; highest sum first;
6. seed: the order of ``entrants`` (registration or rating order), earlier first.

A bye (a round a late joiner missed, ``byes``) adds the points of a middle place
(``points.bye_points``) to step 1 and counts in ``byes``; it is no table: no table win, no
tablemates for step 3, no game score, no game played. Its points do count in the opponents'
points of the player's later tablemates, as any other points do.

The last step makes the order total: every player has a distinct rank. The standings are a
function of the table results alone (the order of ``results`` does not matter), so they can be
recomputed from the games' events at any time.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal
from typing import TypeAlias

from .duplicate import duplicate_points
from .points import PointsScheme
from .points import bye_points
from .points import placement_points
from .points import table_places
from .values import FormatError
from .values import PlayerId
from .values import Scoring
from .values import TableResult
from .values import check_scoring
from .values import check_unique

StandingsPoints: TypeAlias = Literal["share", "raw", "duplicate"]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings; ``rank`` is 1-based and unique."""

    rank: int
    player: PlayerId
    points: Fraction
    table_wins: int
    opponent_points: Fraction
    game_score: int
    head_to_head: int  # within the group tied on steps 1–4; 0 when nobody was tied with them
    games: int
    forfeits: int
    seed: int  # 0-based position in the entrants
    byes: int = 0


def seat_points(
    results: Sequence[TableResult], scoring: Scoring = "penalty", points: StandingsPoints = "share"
) -> tuple[tuple[Fraction, ...], ...]:
    """Return the points every seat earned, per table and seat, as ``results``."""
    check_scoring(scoring)
    return _seat_points(results, [table_places(r, scoring) for r in results], scoring, points)


def _seat_points(
    results: Sequence[TableResult],
    places: Sequence[tuple[int, ...]],
    scoring: Scoring,
    points: StandingsPoints,
) -> tuple[tuple[Fraction, ...], ...]:
    if points == "duplicate":
        return duplicate_points(results, scoring)
    # A place's points depend only on the table's places as a multiset: cache by that.
    cache: dict[tuple[int, ...], dict[int, Fraction]] = {}
    out = []
    for table_place in places:
        shape = tuple(sorted(table_place))
        by_place = cache.get(shape)
        if by_place is None:
            by_place = cache[shape] = dict(zip(shape, placement_points(shape, points), strict=True))
        out.append(tuple(by_place[p] for p in table_place))
    return tuple(out)


def compute_standings(
    entrants: Sequence[PlayerId],
    results: Iterable[TableResult],
    *,
    scoring: Scoring = "penalty",
    points: StandingsPoints = "share",
    byes: Mapping[PlayerId, int] | None = None,
    bye_table_size: int = 4,
) -> tuple[Standing, ...]:
    """Return the standings of ``entrants`` (seed order) after ``results``, first place first;
    ``byes``: how many rounds each late joiner missed, a middle place at a table of
    ``bye_table_size`` each."""
    check_scoring(scoring)
    players = check_unique(entrants, "the entrants")
    results = tuple(results)
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    places = [table_places(r, scoring) for r in results]
    earned = _seat_points(results, places, scoring, points)
    byes = {p: b for p, b in (byes or {}).items() if b}
    if byes and points == "duplicate":
        raise FormatError("byes are for placement points (a Swiss), not duplicate matchpoints")
    if any(p not in index or b < 0 for p, b in byes.items()):
        raise FormatError("a bye is for an entrant, a number of rounds not below 0")
    scheme: PointsScheme = "raw" if points == "raw" else "share"
    bye = bye_points(bye_table_size, scheme) if byes else Fraction(0)
    # Exact arithmetic on integers: points over a common denominator, and the opponents' mean
    # over a common multiple of every player's number of tablemates.
    scale = math.lcm(bye.denominator, *{f.denominator for row in earned for f in row})
    total = [0] * n
    bye_count = [0] * n
    for p, b in byes.items():
        bye_count[index[p]] = b
        total[index[p]] += b * bye.numerator * (scale // bye.denominator)
    wins = [0] * n
    game_score = [0] * n
    games = [0] * n
    forfeits = [0] * n
    mates = [0] * n
    sat: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (table, seat) per player
    tables = []
    for t, (result, row, table_place) in enumerate(zip(results, earned, places, strict=True)):
        ids = []
        k = len(result.seats)
        for s, seat in enumerate(result.seats):
            i = index.get(seat.player)
            if i is None:
                raise FormatError(f"player {seat.player!r} played but is not an entrant")
            ids.append(i)
            f = row[s]
            total[i] += f.numerator * (scale // f.denominator)
            wins[i] += table_place[s] == 1
            game_score[i] += seat.total
            games[i] += 1
            forfeits[i] += seat.forfeited
            mates[i] += k - 1
            sat[i].append((t, s))
        tables.append(ids)
    table_sum = [sum(total[i] for i in ids) for ids in tables]
    common = math.lcm(*{m for m in mates if m})
    opponents = [0] * n  # the mean of the tablemates' points, times scale × common
    for i in range(n):
        if mates[i]:
            opponents[i] = sum(table_sum[t] - total[i] for t, _ in sat[i]) * (common // mates[i])
    sign = 1 if scoring == "penalty" else -1
    keys = [(-total[i], -wins[i], -opponents[i], sign * game_score[i]) for i in range(n)]
    order = sorted(range(n), key=keys.__getitem__)
    head_to_head = [0] * n
    start = 0
    for end in range(1, n + 1):
        if end == n or keys[order[end]] != keys[order[start]]:
            if end - start > 1:
                _head_to_head(order[start:end], sat, tables, places, head_to_head)
            start = end
    order.sort(key=lambda i: (keys[i], -head_to_head[i], i))
    fractions: dict[tuple[int, int], Fraction] = {}

    def fraction(numerator: int, denominator: int) -> Fraction:
        f = fractions.get((numerator, denominator))
        if f is None:
            f = fractions[numerator, denominator] = Fraction(numerator, denominator)
        return f

    return tuple(
        Standing(
            rank=rank,
            player=players[i],
            points=fraction(total[i], scale),
            table_wins=wins[i],
            opponent_points=fraction(opponents[i], scale * common),
            game_score=game_score[i],
            head_to_head=head_to_head[i],
            games=games[i],
            forfeits=forfeits[i],
            seed=i,
            byes=bye_count[i],
        )
        for rank, i in enumerate(order, start=1)
    )


def _head_to_head(
    group: list[int],
    sat: list[list[tuple[int, int]]],
    tables: list[list[int]],
    places: list[tuple[int, ...]],
    out: list[int],
) -> None:
    """Add, for each player of a tied group, +1 per tablemate of the group placed behind them
    and -1 per one placed ahead."""
    members = set(group)
    for i in group:
        for t, s in sat[i]:
            mine = places[t][s]
            for other, j in enumerate(tables[t]):
                if j != i and j in members:
                    theirs = places[t][other]
                    out[i] += (mine < theirs) - (mine > theirs)
