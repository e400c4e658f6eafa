"""Serializer fields every API input uses where DRF's own are too lenient."""

from __future__ import annotations

from rest_framework import serializers


class IntegerField(serializers.IntegerField):
    """An integer that refuses booleans: DRF takes ``true`` as 1 (``{"players": true}``
    would make a one-seat table that can never start)."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class WholeNumberField(serializers.IntegerField):
    """A query parameter's whole number: ASCII digits only (no sign, spaces, ``1.0`` or
    ``1e3``, which DRF's IntegerField would take), within ``min_value``/``max_value``."""

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
