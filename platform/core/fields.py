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
