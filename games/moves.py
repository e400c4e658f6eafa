"""A move request's body, as the REST move and the socket's ``move`` command both take it (and
likewise the body of more time for an opponent: ``more_time``).

One serializer for both doors, so a move is checked alike whichever way it comes; the engine's
``command_from_dict`` (through ``services.parse_move``) then turns it into a command.
"""

from __future__ import annotations

from rest_framework import serializers

from core.fields import IntegerField
from games.shapes import TrainField


class MoveInput(serializers.Serializer):
    action = serializers.ChoiceField(["engine", "play", "draw", "pass", "stop"])
    tile = serializers.ListField(
        child=IntegerField(min_value=0, max_value=18),
        min_length=2,
        max_length=2,
        required=False,
    )
    train = TrainField(required=False)
    seat = IntegerField(required=False)
    expected_seq = IntegerField(min_value=0, required=False)

    def validate(self, data):
        if data["action"] == "play" and ("tile" not in data or "train" not in data):
            raise serializers.ValidationError("a play needs a tile and a train")
        return data


def checked(shared: serializers.Serializer, data) -> dict:
    """``data`` as ``shared`` (one instance of a serializer, made once) validates it; DRF's
    ValidationError, with what a new instance's ``is_valid`` would say, if it does not.

    DRF deep-copies a serializer's declared fields into each new instance, and every copy
    points back to its parent: some 75 objects in reference cycles a move, which only the
    interpreter's cyclic collector frees, in pauses that stop every socket of a web process
    (tests/games/test_move_body.py). ``run_validation`` is what ``is_valid`` runs; it keeps
    nothing on the instance, so threads share it. A body that is not a JSON object goes to a
    new instance, for DRF's own answer to it (``is_valid`` words a missing body apart)."""
    if not isinstance(data, dict):
        serializer = type(shared)(data=data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)
    return dict(shared.run_validation(data))


def move_body(data) -> tuple[dict, int | None]:
    """Validate a move body; return the move and its ``expected_seq`` (None if not given).
    Raises DRF's ValidationError (400 ``invalid``, with the fields)."""
    body = checked(MOVE_INPUT, data)
    return body, body.pop("expected_seq", None)


class MoreTimeInput(serializers.Serializer):
    """More time for the seat to move (games.more_time), by REST or the socket's ``more_time``."""

    seat = IntegerField(help_text="the seat to move (not your own)")
    seconds = IntegerField(help_text="live: 15 to 300; correspondence: 86400 to 604800")
    expected_seq = IntegerField(
        required=False, min_value=0, help_text="refused as `stale` if the game moved on"
    )


def more_time_body(data) -> dict:
    """Validate a more-time body (DRF's ValidationError: 400 ``invalid``, with the fields)."""
    return checked(MORE_TIME_INPUT, data)


MOVE_INPUT = MoveInput()  # the shared instances (``checked``)
MORE_TIME_INPUT = MoreTimeInput()
