"""Tournament formats: seating, advancement, placement points and standings.

Pure Python, like the rules engine: no Django, no I/O, no clock, no global random. Data in,
data out: players are opaque ids (ints or strs, compared for equality only), orders come from
the inputs (a ranking, the entrants' seed order), and randomness enters as an explicit seed,
so the same inputs always give the same tables and standings.

Formats (each module's docstring says exactly what it does):

- Swiss for multi-player tables (``seat_swiss``): players of similar standing sit together,
  repeat tablemates avoided, balanced table sizes (``table_sizes``).
- Multi-table elimination (``seat_elimination``, ``advance_elimination``,
  ``elimination_ranking``): the top of every table advances until a final table.
- Duplicate (``seat_duplicate``, ``duplicate_points``): tables of a deal group share one deal,
  seat for seat; players are ranked against those who held the same hands.
- A single table for small fields (``seat_single_table``).
- Arena (``arena``: ``pair_arena``, ``score_tables``, ``arena_standings``, ``team_scores``): a
  fixed window of play, a new table as soon as a player's ends, points with streaks and
  berserk, team battles.

Places at a table follow RULES R23 (V4), placement points are in ``points``, and the published
tie-break chain of the standings is in ``standings``.
"""

from .duplicate import DealGroup
from .duplicate import DuplicateRound
from .duplicate import deal_seed
from .duplicate import duplicate_points
from .duplicate import duplicate_table_sizes
from .duplicate import seat_duplicate
from .elimination import Advancement
from .elimination import advance_elimination
from .elimination import elimination_ranking
from .elimination import seat_elimination
from .points import POINTS_SCHEMES
from .points import PointsScheme
from .points import bye_points
from .points import placement_points
from .points import table_places
from .single import seat_single_table
from .standings import Standing
from .standings import StandingsPoints
from .standings import compute_standings
from .standings import seat_points
from .swiss import REPEAT_WEIGHT
from .swiss import seat_swiss
from .tables import MAX_TABLE_SIZE
from .tables import MIN_TABLE_SIZE
from .tables import Seed
from .tables import repeat_meetings
from .tables import shuffled
from .tables import table_sizes
from .values import SCORINGS
from .values import FormatError
from .values import PlayerId
from .values import Scoring
from .values import Seating
from .values import SeatResult
from .values import Table
from .values import TableResult

__all__ = [
    "bye_points",
    "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE",
    "POINTS_SCHEMES",
    "REPEAT_WEIGHT",
    "SCORINGS",
    "Advancement",
    "DealGroup",
    "DuplicateRound",
    "FormatError",
    "PlayerId",
    "PointsScheme",
    "Scoring",
    "SeatResult",
    "Seating",
    "Seed",
    "Standing",
    "StandingsPoints",
    "Table",
    "TableResult",
    "advance_elimination",
    "compute_standings",
    "deal_seed",
    "duplicate_points",
    "duplicate_table_sizes",
    "elimination_ranking",
    "placement_points",
    "repeat_meetings",
    "seat_duplicate",
    "seat_elimination",
    "seat_points",
    "seat_single_table",
    "seat_swiss",
    "shuffled",
    "table_places",
    "table_sizes",
]
