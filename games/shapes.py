"""The game's data in the OpenAPI document: the shapes docs/api/asyncapi.yaml gives the sockets
(the view, a move, a train, an event, the ruleset, the time control, the result, the record).

Documentation (but for a receipt's one check): the APIs keep sending what the engine and the
selectors build (a nested serializer would drop any key it does not name);
``extend_schema_field`` tells drf-spectacular the shape, and
tests/hardening/test_schemathesis.py checks the answers against it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.engine.ruleset import FIRST_TURNS
from games.engine.ruleset import HAND_TABLES
from games.engine.ruleset import SCORINGS

TILE = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 18},
    "minItems": 2,
    "maxItems": 2,
    "description": "The two ends' pips, e.g. [12, 5].",
}
TRAIN = {
    "oneOf": [
        {"type": "integer", "minimum": 0, "description": "a seat's own train"},
        {"type": "string", "enum": ["mexican"], "description": "the Mexican Train"},
    ],
    "description": 'A seat number (its own train), or "mexican".',
}
TILES = {"type": "array", "items": TILE}
ACTIONS = ["engine", "play", "draw", "pass", "stop"]


@extend_schema_field(TILE)
class TileField(serializers.JSONField):
    """A tile, [a, b]."""


@extend_schema_field(TRAIN)
class TrainField(serializers.JSONField):
    """A seat's train (its number) or the Mexican Train ("mexican")."""


@extend_schema_field(TILES)
class TilesField(serializers.JSONField):
    """A list of tiles."""


@extend_schema_field({"type": "array", "items": {**TILES, "nullable": True}})
class HandsField(serializers.JSONField):
    """Each seat's hand, null where the viewer may not see it (R4)."""


class Move(serializers.Serializer):
    """A move, as ``legal_moves`` lists it and a move request sends it."""

    action = serializers.ChoiceField(
        ACTIONS,
        help_text="engine places the round's engine double (R6, R7); play lays `tile` on "
        "`train` (R8-R20); draw takes one from the boneyard; pass ends the turn, the marker on "
        "your train; stop ends a first turn after a tile (R10)",
    )
    tile = TileField(required=False)
    train = TrainField(required=False)


class TrainView(serializers.Serializer):
    train = TrainField()
    tiles = TilesField()
    end = serializers.IntegerField(help_text="the pips a tile must match to go on this train")
    marker = serializers.BooleanField(help_text="open to everyone (the Mexican Train always is)")


class Turn(serializers.Serializer):
    laid = serializers.IntegerField()
    doubles_laid = serializers.IntegerField()
    drew = serializers.BooleanField()
    drawn = TileField(required=False, help_text="the tile you drew this turn (your turn only)")


class MatchResult(serializers.Serializer):
    totals = serializers.ListField(child=serializers.IntegerField(), help_text="points per seat")
    zero_rounds = serializers.ListField(child=serializers.IntegerField())
    places = serializers.ListField(child=serializers.IntegerField(), help_text="1 is first")


class Ruleset(serializers.Serializer):
    """The table's rules, fixed when it was created (RULES §1, §9)."""

    set_max = serializers.IntegerField(help_text="the double-N set (R2)")
    hand_size = serializers.IntegerField()
    rounds = serializers.IntegerField()
    hand_table = serializers.ChoiceField(HAND_TABLES, help_text="V1")
    max_doubles_per_turn = serializers.IntegerField(allow_null=True, help_text="V2")
    double_blank_points = serializers.IntegerField(help_text="V3")
    scoring = serializers.ChoiceField(SCORINGS, help_text="V4")
    first_turn = serializers.ChoiceField(FIRST_TURNS, help_text="V5")


class View(serializers.Serializer):
    """What this viewer may see (RULES R4): the public table, and your own hand only."""

    viewer = serializers.IntegerField(allow_null=True, help_text="your seat; null: a spectator")
    seats = serializers.IntegerField()
    ruleset = Ruleset()
    seed_commitment = serializers.CharField()
    phase = serializers.CharField(help_text="engine, playing, finished (and between rounds)")
    round = serializers.IntegerField()
    rounds = serializers.IntegerField()
    engine = serializers.IntegerField(allow_null=True)
    engine_placed = serializers.BooleanField()
    to_move = serializers.IntegerField(allow_null=True, help_text="the seat to move")
    first_turn = serializers.BooleanField()
    trains = TrainView(many=True)
    open_doubles = serializers.ListField(child=TrainField())
    hand_counts = serializers.ListField(child=serializers.IntegerField())
    boneyard_count = serializers.IntegerField()
    turn = Turn()
    went_out = serializers.IntegerField(allow_null=True)
    round_scores = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField())
    )
    totals = serializers.ListField(
        child=serializers.IntegerField(), help_text="points per seat so far (the fewest wins)"
    )
    hand = TilesField(required=False, help_text="your tiles; absent for a spectator")
    result = MatchResult(required=False, help_text="once the match is finished")


@extend_schema_field(View(allow_null=True))
class ViewField(serializers.JSONField):
    """A viewer's view, null until the game has started."""


@extend_schema_field(Move(many=True))
class MovesField(serializers.JSONField):
    """The moves the viewer may make now."""


@extend_schema_field(Ruleset)
class RulesetField(serializers.JSONField):
    """The table's ruleset."""


class Variants(serializers.Serializer):
    """A new table's choices of the rules (RULES §9); the rest follows the players' number."""

    set_max = serializers.IntegerField(required=False, help_text="the double-N set (R2)")
    hand_size = serializers.IntegerField(required=False, help_text="with another set (R3)")
    rounds = serializers.IntegerField(required=False)
    max_doubles_per_turn = serializers.IntegerField(
        required=False, allow_null=True, help_text="V2: null (unlimited) or 1"
    )
    double_blank_points = serializers.IntegerField(required=False, help_text="V3: 50 or 0")
    scoring = serializers.ChoiceField(SCORINGS, required=False, help_text="V4")
    first_turn = serializers.ChoiceField(FIRST_TURNS, required=False, help_text="V5")


@extend_schema_field(Variants)
class VariantsField(serializers.DictField):
    """A new table's variants, checked by the service (400 ``invalid_ruleset``)."""


class TimeControl(serializers.Serializer):
    """RULES R24 (games.clocks): live (`seconds_per_move`, `reserve_seconds`) or
    correspondence (`days_per_move`, `vacation_days`, `weekend_pause`) keys, by `kind`."""

    kind = serializers.ChoiceField(
        ["live", "correspondence"], required=False, help_text="live when not given"
    )
    seconds_per_move = serializers.IntegerField(required=False, help_text="live: 5 to 3600")
    reserve_seconds = serializers.IntegerField(required=False, help_text="live: 0 to 36000")
    days_per_move = serializers.IntegerField(required=False, help_text="correspondence: 1-14")
    vacation_days = serializers.IntegerField(required=False, help_text="correspondence: 0-60")
    weekend_pause = serializers.BooleanField(
        required=False,
        help_text="correspondence: no clock at weekends, Friday 18:00 to Monday 08:00 in each "
        "player's own time zone (default false)",
    )
    timeouts_allowed = serializers.IntegerField(required=False, help_text="1 to 10")
    on_timeouts = serializers.ChoiceField(["bot", "forfeit"], required=False)


@extend_schema_field(TimeControl)
class TimeControlField(serializers.JSONField):
    """A table's time control."""


@extend_schema_field(TimeControl(required=False))
class TimeControlInputField(serializers.DictField):
    """A new table's time control, checked by the service (400 ``invalid_time_control``)."""


class Awarded(serializers.Serializer):
    seq = serializers.IntegerField(help_text="the ResultAwarded event")
    reason = serializers.CharField()


class GameResult(serializers.Serializer):
    """How the match ended: the engine's result, or the places staff awarded."""

    totals = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    zero_rounds = serializers.ListField(child=serializers.IntegerField(), required=False)
    places = serializers.ListField(child=serializers.IntegerField(), help_text="1 is first")
    awarded = Awarded(required=False, help_text="staff awarded these places (disputes)")


@extend_schema_field(GameResult(allow_null=True))
class GameResultField(serializers.JSONField):
    """A game's result, null until it has one."""


class EventData(serializers.Serializer):
    """The event's data as the caller may see it. Engine events: MatchStarted (`ruleset`,
    `seats`, `seed_commitment`), RoundStarted (`round`, `engine`, `hands` null but for your
    seat, `hand_counts`, `boneyard_count`), EnginePlaced, TileDrawn (`tile` only for the seat
    that drew), TilePlayed, TurnPassed, TurnStopped (`seat`, `tile`, `train`, `by`), RoundEnded
    (`round`, `scores`, `went_out`, `blocked`), MatchEnded (`totals`, `zero_rounds`,
    `places`). The platform's (SeedContributionsFixed, SeatsBerserk, SeatResigned,
    SeatForfeited, GameAbandoned, MoreTimeGiven, GameVoided, ResultAwarded, RoundRestarted,
    RatingsReversed) carry their own keys (`seat`, `reason`, `dispute`, `seconds`, `given_by`,
    `berserk`, ...)."""

    seat = serializers.IntegerField(required=False)
    tile = TileField(required=False)
    train = TrainField(required=False)
    by = serializers.CharField(
        required=False, help_text="bot, timeout or admin: who made a seat's move for it"
    )
    ruleset = Ruleset(required=False)
    seats = serializers.IntegerField(required=False)
    seed_commitment = serializers.CharField(required=False)
    round = serializers.IntegerField(required=False)
    engine = serializers.IntegerField(required=False)
    hands = HandsField(required=False)
    hand_counts = serializers.ListField(child=serializers.IntegerField(), required=False)
    boneyard_count = serializers.IntegerField(required=False)
    scores = serializers.ListField(child=serializers.IntegerField(), required=False)
    went_out = serializers.IntegerField(required=False, allow_null=True)
    blocked = serializers.BooleanField(required=False)
    totals = serializers.ListField(
        child=serializers.IntegerField(), required=False, allow_null=True
    )
    zero_rounds = serializers.ListField(child=serializers.IntegerField(), required=False)
    places = serializers.ListField(child=serializers.IntegerField(), required=False)
    reason = serializers.CharField(required=False)
    dispute = serializers.IntegerField(required=False, allow_null=True)
    seconds = serializers.IntegerField(
        required=False, help_text="MoreTimeGiven: the more time `seat` was given"
    )
    given_by = serializers.IntegerField(
        required=False, help_text="MoreTimeGiven: the seat whose player gave it"
    )
    berserk = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="SeatsBerserk: the seats whose players went berserk before the start (half "
        "the reserve), logged with it",
    )


class Actor(serializers.Serializer):
    kind = serializers.CharField(help_text="player, bot, system or staff")
    name = serializers.CharField(required=False)


@extend_schema_field(EventData)
class EventDataField(serializers.DictField):
    """An event's data."""


@extend_schema_field(Actor)
class ActorField(serializers.DictField):
    """Who made an event."""


class Receipt(serializers.Serializer):
    """The platform's signed receipt of a move (trust.receipts)."""

    game = serializers.CharField()
    seq = serializers.IntegerField(help_text="the move's first event")
    event_hash = serializers.CharField(help_text="commits to that event's chain hash")
    head_seq = serializers.IntegerField(help_text="the log's head after the move")
    head_hash = serializers.CharField(help_text="commits to the head's chain hash")
    at = serializers.CharField(help_text="when the move was acknowledged (ISO-8601 UTC)")
    key_id = serializers.CharField(help_text="see /.well-known/mexican-train-keys.json")
    signature = serializers.CharField(help_text="Ed25519, hex (trust.receipts)")


@extend_schema_field(Receipt)
class ReceiptField(serializers.JSONField):
    """A receipt to check, passed as sent: one of another form gets the verdict `malformed`.
    Text PostgreSQL cannot store (a NUL character, a lone surrogate) is refused here (400
    ``invalid``): a dispute keeps its receipts and their verdicts."""

    default_error_messages = {"not_text": "A receipt holds text that cannot be stored."}

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        if not _storable(value):
            self.fail("not_text")
        return value


def _storable(value) -> bool:
    """Tell whether every string in a JSON value (keys too) is text PostgreSQL's jsonb stores."""
    if isinstance(value, dict):
        return all(_storable(k) and _storable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_storable(v) for v in value)
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate
            return False
        return "\x00" not in value
    return True


class RecordPlayer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()


class RecordContribution(serializers.Serializer):
    seat = serializers.IntegerField(allow_null=True)
    value = serializers.CharField()
    at = serializers.CharField(required=False)


class RecordFairness(serializers.Serializer):
    server_seed_commitment = serializers.CharField()
    committed_at = serializers.CharField(required=False)
    contributions = RecordContribution(many=True)
    server_seed = serializers.CharField(required=False, help_text="once the match has ended")


class RecordDeal(serializers.Serializer):
    hands = HandsField(help_text="null where hidden from you until the match has ended")
    boneyard = TilesField(required=False, help_text="absent while hidden")


class RecordMove(serializers.Serializer):
    seat = serializers.IntegerField()
    action = serializers.ChoiceField(ACTIONS)
    tile = TileField(required=False)
    train = TrainField(required=False)
    by = serializers.CharField(required=False)
    at = serializers.CharField(required=False)


class RecordRoundResult(serializers.Serializer):
    scores = serializers.ListField(child=serializers.IntegerField())
    went_out = serializers.IntegerField(allow_null=True)
    blocked = serializers.BooleanField()


class RecordRound(serializers.Serializer):
    number = serializers.IntegerField()
    engine = serializers.IntegerField()
    deal = RecordDeal()
    moves = RecordMove(many=True)
    result = RecordRoundResult(required=False)
    restart = serializers.IntegerField(required=False, help_text="staff dealt it again")


class RecordAttestation(serializers.Serializer):
    alg = serializers.CharField()
    public_key = serializers.CharField(help_text="hex")
    signature = serializers.CharField(help_text="hex")


class Record(serializers.Serializer):
    """A game's record (the format in docs/players/fairness.md); signed once the game ended."""

    format = serializers.ChoiceField(["mexican-train-record"])
    version = serializers.IntegerField(help_text="1, or 2 with the players' contributions")
    ruleset = Ruleset()
    players = RecordPlayer(many=True)
    seed_commitment = serializers.CharField(required=False, help_text="version 1")
    fairness = RecordFairness(required=False, help_text="version 2")
    seed = serializers.CharField(required=False, help_text="once the match has ended")
    rounds = RecordRound(many=True)
    result = MatchResult(required=False)
    attestation = RecordAttestation(required=False, help_text="once the game has ended")


class PauseOutput(serializers.Serializer):
    reason = serializers.ChoiceField(
        ["weekend", "vacation"],
        help_text="`weekend`: a table with no clock at weekends, Friday 18:00 to Monday 08:00 "
        "in the player's time zone; `vacation`: the player's, within the game's vacation days",
    )
    start = serializers.DateTimeField()
    end = serializers.DateTimeField()


class ClockOutput(serializers.Serializer):
    """The clock of the seat to move, beyond `deadline`: its time left is the time until the
    deadline less the `pauses` still to come."""

    extra_seconds = serializers.IntegerField(
        help_text="the more time the seat to move was given on this move (MoreTimeGiven)"
    )
    paused = serializers.ChoiceField(
        ["weekend", "vacation"],
        allow_null=True,
        help_text="why the clock of the seat to move stands still now; null if it runs",
    )
    pauses = PauseOutput(
        many=True,
        help_text="the spans from now until the deadline when that clock stands still, in order "
        "(correspondence)",
    )
