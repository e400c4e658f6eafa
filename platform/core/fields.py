"""Serializer fields every API input uses where DRF's own are too lenient."""

from __future__ import annotations

from rest_framework import serializers

# What the database holds: a bigint (PostgreSQL; SQLite's integers are the same 64 bits). A
# larger number used to reach a query and fail there (a 500 on the embedded SQLite).
DB_INT_MIN, DB_INT_MAX = -(2**63), 2**63 - 1


class IntegerField(serializers.IntegerField):
    """An integer that refuses booleans (DRF takes ``true`` as 1: ``{"players": true}``
    would make a one-seat table that can never start) and, whatever its own bounds, any
    number the database cannot hold."""

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", DB_INT_MIN)
        kwargs.setdefault("max_value", DB_INT_MAX)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumberField(serializers.IntegerField):
    """A query parameter's whole number: ASCII digits only (no sign, spaces, ``1.0`` or
    ``1e3``, which DRF's IntegerField would take), within ``min_value``/``max_value`` and
    never past what the database holds."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_value", DB_INT_MAX)
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if not (isinstance(data, str) and data.isascii() and data.isdigit()):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A query parameter's yes/no: only ``1``/``true`` and ``0``/``false`` (``mine=maybe`` and
    DRF's looser spellings, ``on``, ``y``, are refused rather than guessed)."""

    TRUE_VALUES = {"1", "true", "True"}
    FALSE_VALUES = {"0", "false", "False"}
    NULL_VALUES: set = set()
