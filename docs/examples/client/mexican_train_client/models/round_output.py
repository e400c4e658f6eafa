from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.table_output import TableOutput


T = TypeVar("T", bound="RoundOutput")


@_attrs_define
class RoundOutput:
    """
    Attributes:
        number (int):
        started_at (datetime.datetime):
        finished_at (datetime.datetime | None):
        seed (None | str): the round's secret, once finished
        advancing (list[int] | None): elimination: the entries going through, best first
        tables (list[TableOutput]):
    """

    number: int
    started_at: datetime.datetime
    finished_at: datetime.datetime | None
    seed: None | str
    advancing: list[int] | None
    tables: list[TableOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        started_at = self.started_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        seed: None | str
        seed = self.seed

        advancing: list[int] | None
        if isinstance(self.advancing, list):
            advancing = self.advancing

        else:
            advancing = self.advancing

        tables = []
        for tables_item_data in self.tables:
            tables_item = tables_item_data.to_dict()
            tables.append(tables_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "number": number,
                "started_at": started_at,
                "finished_at": finished_at,
                "seed": seed,
                "advancing": advancing,
                "tables": tables,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.table_output import TableOutput  # noqa: PLC0415

        d = dict(src_dict)
        number = d.pop("number")

        started_at = datetime.datetime.fromisoformat(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_seed(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        seed = _parse_seed(d.pop("seed"))

        def _parse_advancing(data: object) -> list[int] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                advancing_type_0 = cast(list[int], data)

                return advancing_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None, data)

        advancing = _parse_advancing(d.pop("advancing"))

        tables = []
        _tables = d.pop("tables")
        for tables_item_data in _tables:
            tables_item = TableOutput.from_dict(tables_item_data)

            tables.append(tables_item)

        round_output = cls(
            number=number,
            started_at=started_at,
            finished_at=finished_at,
            seed=seed,
            advancing=advancing,
            tables=tables,
        )

        round_output.additional_properties = d
        return round_output

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
