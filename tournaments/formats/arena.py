"""Arena: a fixed window of play; a new table as soon as you finish; points with streaks.

Pure, like the other formats: the caller gives who waits (with their arena score, rating,
when they began waiting and who sat at their last table) and the time; this module says which
tables to form now. It also scores a player's tables in the order they played them, ranks
the standings, and sums a team battle's team scores.

**Pairing** (``pair_arena``), at every step of the scheduler (a table ended, someone joined or
came back from a pause, the tick):

1. The waiting players are ordered by arena score (highest first), then rating (highest
   first), then who has waited longest: neighbours in this order are close in both.
2. Full tables (``table_size``) are formed greedily down that order: the first player left
   opens a table, and each seat goes to the player who adds the fewest *repeat pairs* (two
   players who sat at the same table in the last game of either) among the next few in that
   order (``SCAN_PER_SEAT`` x ``table_size``), the first of them on a tie.
3. **Never the same opponents twice in a row, where the pool allows**: a table at which some
   player would face only opponents of their last table (the same table again, or part of
   it) is not formed — those players wait for others to come back — until the longest waiter
   among them has waited ``wait_seconds``. Then it is formed (nobody else is coming soon).
4. **A table that cannot fill**: the players left over (fewer than ``table_size``) wait. Once
   the longest of them has waited ``wait_seconds``, their table is formed anyway: filled with
   bots to ``table_size`` if the organizer allows bots, otherwise as a smaller table if they
   are at least ``MIN_ARENA_TABLE`` (2, R1); a player alone with no bots allowed waits on.

**Points** (``score_tables``): a table scores the tablemates you finished ahead of, a tie
counting a half (the "raw" placement points of ``points``: at a table of four, 3, 2, 1, 0).
A *win* is first place (shared or not) at a table you did not forfeit.

- **Streak**: after two wins running you are *on fire*: every table you play while on fire
  scores double, until a table you do not win (that table still scores double; the next does
  not).
- **Berserk** (when the organizer allows it): a player who halves their clock before the
  table starts scores one bonus point if they win it (added after the doubling, so a berserk
  win on fire at a table of four scores 3 × 2 + 1 = 7).
- A forfeited table (left, timed out to forfeit, withdrawn under the forfeit policy) scores 0
  and ends a streak. A table staff annulled is not counted at all.

**Standings** (``arena_standings``): arena points (highest first), then performance, then wins,
then the order given (the earliest entry first). A player's *performance* is in the ratings'
terms: the mean rating of the opponents they met, plus 800 × (their mean placement share − ½),
the placement share being ``points.placement_points`` "share" scheme (1 for a win, 0 for last,
evenly between) — the linear performance rating of a win/loss record, where a share of ½ plays
exactly at the opponents' level. Players without a table have no performance and rank below
everyone with the same points who has one.

**Team battles** (``team_scores``): each team's score is the sum of its best ``best``
players' arena points (of two players on equal points, the one ranked higher in the
standings counts); ties are broken by the sum of all its players' points, then the order the
teams are given in.

Points are exact ``Fraction`` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

from .values import FormatError
from .values import PlayerId

MIN_ARENA_TABLE = 2  # R1: a table has 2 to 8 players
STREAK_WINS = 2  # wins running that set a player on fire
STREAK_FACTOR = 2
BERSERK_BONUS = 1
PERFORMANCE_SPREAD = 800  # rating points between a share of 0 and of 1, centred on ½
# A seat goes to the best of the next SCAN_PER_SEAT x table size players in pairing order (the
# closest in score and rating): the pool at an arena's start is its whole field, and a search
# of every player left for every seat took a second for 2,500 (bench-tournaments).
SCAN_PER_SEAT = 4


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the arena's pool: their arena score and rating, when (seconds, any origin)
    they began waiting, and the players of their last table (themselves excluded)."""

    player: PlayerId
    score: Fraction = Fraction(0)
    rating: float = 0.0
    since: float = 0.0
    last_table: frozenset[PlayerId] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class ArenaTable:
    """A table to form: its players in seat order and how many bots fill it."""

    players: tuple[PlayerId, ...]
    bots: int = 0

    @property
    def size(self) -> int:
        return len(self.players) + self.bots


def _met(a: Waiting, b: Waiting) -> bool:
    return b.player in a.last_table or a.player in b.last_table


def _same_opponents(table: Sequence[Waiting]) -> bool:
    """Whether some player at ``table`` would face only opponents of their last table."""
    for w in table:
        others = {o.player for o in table if o is not w}
        if others and others <= w.last_table:
            return True
    return False


def pool_order(waiting: Sequence[Waiting]) -> list[Waiting]:
    """Return the pool in pairing order: score, then rating (highest first), then the longest
    wait; equal players keep the order given."""
    return sorted(waiting, key=lambda w: (-w.score, -w.rating, w.since))


def _fill(first: Waiting, rest: list[Waiting], size: int) -> list[Waiting]:
    """Open a table with ``first`` and seat, one by one, the player of ``rest`` (the next
    ``SCAN_PER_SEAT`` x ``size`` in order) who adds the fewest repeat pairs."""
    table = [first]
    left = list(rest)
    while len(table) < size and left:
        best = min(range(len(left)), key=lambda i: (sum(_met(left[i], t) for t in table), i))
        table.append(left.pop(best))
    return table


def pair_arena(
    waiting: Sequence[Waiting],
    *,
    now: float,
    table_size: int,
    wait_seconds: float,
    bots: bool = False,
) -> tuple[ArenaTable, ...]:
    """Return the tables to form now from the waiting players (module docstring, "Pairing")."""
    if not 2 <= table_size <= 8:
        raise FormatError("a table has 2 to 8 players (R1)")
    if len({w.player for w in waiting}) != len(waiting):
        raise FormatError("the pool lists a player more than once")
    left = pool_order(waiting)
    tables: list[ArenaTable] = []

    def waited(group: Sequence[Waiting]) -> bool:
        return max(now - w.since for w in group) >= wait_seconds

    i = 0
    while len(left) >= table_size and i < len(left):
        first = left[i]
        table = _fill(first, left[i + 1 : i + 1 + SCAN_PER_SEAT * table_size], table_size)
        if len(table) < table_size:
            break
        if _same_opponents(table) and not waited(table):
            i += 1  # this player waits for others to come back; try the next one
            continue
        tables.append(ArenaTable(tuple(w.player for w in table)))
        seated = {w.player for w in table}
        left = [w for w in left if w.player not in seated]
    if left and waited(left):
        if len(left) >= table_size:
            # Everyone left would repeat; they have waited long enough: in order, full tables.
            while len(left) >= table_size:
                chunk, left = left[:table_size], left[table_size:]
                tables.append(ArenaTable(tuple(w.player for w in chunk)))
        if left and waited(left):
            if bots:
                tables.append(ArenaTable(tuple(w.player for w in left), table_size - len(left)))
            elif len(left) >= MIN_ARENA_TABLE:
                tables.append(ArenaTable(tuple(w.player for w in left)))
    return tuple(tables)


# -- points ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """One table a player played, in the order they played them: their place among ``size``
    seats (R23; ties share a place), whether they forfeited, whether they went berserk, and
    their opponents' ratings."""

    place: int
    size: int
    forfeited: bool = False
    berserk: bool = False
    opponents: tuple[float, ...] = ()
    places: tuple[int, ...] = ()  # every seat's place (for shared places); () if none shared


@dataclass(frozen=True, slots=True)
class ArenaScore:
    points: Fraction
    tables: int
    wins: int
    on_fire: bool  # the next table scores double
    berserk_wins: int
    performance: int | None
    per_table: tuple[Fraction, ...]  # what each table scored, in order
    doubled: tuple[bool, ...] = ()  # per table: scored double (on fire)
    berserk_won: tuple[bool, ...] = ()  # per table: a berserk win (+1)


# Shares are summed exactly as integers over SHARE_UNIT: a table of k seats has k - 1 from 1
# to 7, and 420 = lcm(1..7), so half-points x 420 / (k - 1) is whole.
SHARE_UNIT = 840


def half_points(game: Played) -> int:
    """Return a table's raw placement points for the player's place, in half points: two per
    tablemate finished ahead of, one per tie (``points.placement_points``'s "raw" scheme,
    counted directly: a standings step scores every table of every player)."""
    places = game.places or tuple(
        [game.place] + [p for p in range(1, game.size + 1) if p != game.place]
    )
    if len(places) != game.size or not 2 <= game.size <= 8:
        raise FormatError("a table's places must list every seat, 2 to 8 (R1)")
    beaten = sum(1 for p in places if p > game.place)
    tied = sum(1 for p in places if p == game.place) - 1
    return 2 * beaten + tied


def score_tables(games: Sequence[Played]) -> ArenaScore:
    """Score one player's tables in order (module docstring, "Points")."""
    total = 0  # half points
    wins = run = berserk_wins = 0
    per: list[int] = []
    doubled: list[bool] = []
    berserk_won: list[bool] = []
    shares = 0  # in 1/SHARE_UNIT
    opponents: list[float] = []
    for game in games:
        half = 0 if game.forfeited else half_points(game)
        won = game.place == 1 and not game.forfeited
        points = half * (STREAK_FACTOR if run >= STREAK_WINS else 1)
        doubled.append(run >= STREAK_WINS)
        berserk_won.append(won and game.berserk)
        if won and game.berserk:
            points += 2 * BERSERK_BONUS
            berserk_wins += 1
        run = run + 1 if won else 0
        wins += won
        total += points
        per.append(points)
        shares += half * (SHARE_UNIT // 2) // (game.size - 1)
        opponents.extend(game.opponents)
    performance = None
    if games and opponents:
        mean_share = Fraction(shares, SHARE_UNIT * len(games))
        mean_rating = sum(opponents) / len(opponents)
        performance = round(mean_rating + PERFORMANCE_SPREAD * float(mean_share - Fraction(1, 2)))
    return ArenaScore(
        points=Fraction(total, 2),
        tables=len(games),
        wins=wins,
        on_fire=run >= STREAK_WINS,
        berserk_wins=berserk_wins,
        performance=performance,
        per_table=tuple(Fraction(p, 2) for p in per),
        doubled=tuple(doubled),
        berserk_won=tuple(berserk_won),
    )


def arena_standings(
    players: Sequence[PlayerId], played: Mapping[PlayerId, Sequence[Played]]
) -> list[tuple[PlayerId, ArenaScore]]:
    """Return every player with their score, best first (module docstring, "Standings")."""
    scored = [(p, score_tables(played.get(p, ()))) for p in players]
    order = {p: i for i, p in enumerate(players)}
    return sorted(
        scored,
        key=lambda ps: (
            -ps[1].points,
            ps[1].performance is None,
            -(ps[1].performance or 0),
            -ps[1].wins,
            order[ps[0]],
        ),
    )


def team_scores(
    points: Mapping[PlayerId, Fraction],
    team_of: Mapping[PlayerId, PlayerId],
    teams: Sequence[PlayerId],
    best: int,
) -> list[tuple[PlayerId, Fraction, tuple[PlayerId, ...]]]:
    """Return each team with its score (the sum of its ``best`` players' points) and those
    players, best team first (module docstring, "Team battles")."""
    if best < 1:
        raise FormatError("a team battle counts at least 1 player a team")
    members: dict[PlayerId, list[PlayerId]] = {t: [] for t in teams}
    order = {p: i for i, p in enumerate(points)}
    for player in points:
        team = team_of.get(player)
        if team in members:
            members[team].append(player)
    out = []
    for team in teams:
        ranked = sorted(members[team], key=lambda p: (-points[p], order[p]))
        top = tuple(ranked[:best])
        out.append((team, sum((points[p] for p in top), Fraction(0)), top, ranked))
    position = {t: i for i, t in enumerate(teams)}
    out.sort(key=lambda x: (-x[1], -sum((points[p] for p in x[3]), Fraction(0)), position[x[0]]))
    return [(team, score, top) for team, score, top, _ in out]
