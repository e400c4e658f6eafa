"""Hand-written SQL for the few statements on a game's hottest path (a move), where compiling
an ORM query costs more than the database takes to run it.

Only the statement is hand-written: values go through each field's own conversions both ways
(``get_db_prep_save`` in, the backend's and the field's converters out), so a row read here is
the model instance the ORM would build, on PostgreSQL and SQLite alike. Everything else uses
the ORM.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from django.db import connection
from django.db.models import Model


class Columns:
    """The concrete columns of ``model`` under a table ``alias``: their SELECT list, and the
    instance built from their values in a row (None if its primary key is NULL: the empty side
    of an outer join). ``names``: only these fields, in this order, read with ``values``
    (``values_list``'s tuples) rather than built into instances."""

    def __init__(self, model: type[Model], alias: str, names: Sequence[str] | None = None) -> None:
        self.model = model
        self.alias = alias
        if names is None:
            self.fields = list(model._meta.concrete_fields)
        else:
            self.fields = [model._meta.get_field(name) for name in names]
        self.names = [f.attname for f in self.fields]
        self.pk_index = self.fields.index(model._meta.pk) if names is None else -1
        quote = connection.ops.quote_name
        self.select = ", ".join(f"{alias}.{quote(f.column)}" for f in self.fields)
        self._converters: list[tuple[int, list]] | None = None

    @property
    def table(self) -> str:
        return f"{connection.ops.quote_name(self.model._meta.db_table)} {self.alias}"

    def converters(self) -> list[tuple[int, list]]:
        if self._converters is None:
            out = []
            for i, field in enumerate(self.fields):
                col = field.get_col(self.alias)
                found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
                if found:
                    out.append((i, [(c, col) for c in found]))
            self._converters = out
        return self._converters

    def values(self, row: Sequence[Any], start: int = 0) -> list[Any]:
        """The columns' values in ``row`` from ``start``, converted as the ORM would."""
        values = list(row[start : start + len(self.fields)])
        for i, converters in self.converters():
            for convert, col in converters:
                values[i] = convert(values[i], col, connection)
        return values

    def build(self, row: Sequence[Any], start: int) -> Model | None:
        if self.pk_index < 0:
            raise TypeError("a subset of the columns builds no instance: use values()")
        if row[start + self.pk_index] is None:
            return None
        return self.model.from_db(connection.alias, self.names, self.values(row, start))


def update_row(model: type[Model], pk: Any, fields: Mapping[str, Any]) -> None:
    """``model.objects.filter(pk=pk).update(**fields)`` for plain field values, as one
    hand-written UPDATE."""
    if not fields:
        return
    meta, quote = model._meta, connection.ops.quote_name
    sets, params = [], []
    for name, value in fields.items():
        field = meta.get_field(name)
        sets.append(f"{quote(field.column)} = %s")
        params.append(field.get_db_prep_save(value, connection))
    params.append(meta.pk.get_db_prep_value(pk, connection))
    sql = f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} WHERE {quote(meta.pk.column)} = %s"
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
