from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.export_line_output import ExportLineOutput


T = TypeVar("T", bound="StandingsExportOutput")


@_attrs_define
class StandingsExportOutput:
    """
    Attributes:
        tournament (int):
        name (str):
        format_ (str):
        status (str):
        round_ (int): the latest round with a finished table shown
        tables (int): finished tables counted
        final (bool):
        points_scheme (None | str):
        tie_breaks (list[str]): the tie-break names, in chain order
        lines (list[ExportLineOutput]): best first; empty before any result shows
    """

    tournament: int
    name: str
    format_: str
    status: str
    round_: int
    tables: int
    final: bool
    points_scheme: None | str
    tie_breaks: list[str]
    lines: list[ExportLineOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tournament = self.tournament

        name = self.name

        format_ = self.format_

        status = self.status

        round_ = self.round_

        tables = self.tables

        final = self.final

        points_scheme: None | str
        points_scheme = self.points_scheme

        tie_breaks = self.tie_breaks

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "tournament": tournament,
                "name": name,
                "format": format_,
                "status": status,
                "round": round_,
                "tables": tables,
                "final": final,
                "points_scheme": points_scheme,
                "tie_breaks": tie_breaks,
                "lines": lines,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export_line_output import ExportLineOutput  # noqa: PLC0415

        d = dict(src_dict)
        tournament = d.pop("tournament")

        name = d.pop("name")

        format_ = d.pop("format")

        status = d.pop("status")

        round_ = d.pop("round")

        tables = d.pop("tables")

        final = d.pop("final")

        def _parse_points_scheme(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        points_scheme = _parse_points_scheme(d.pop("points_scheme"))

        tie_breaks = cast(list[str], d.pop("tie_breaks"))

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ExportLineOutput.from_dict(lines_item_data)

            lines.append(lines_item)

        standings_export_output = cls(
            tournament=tournament,
            name=name,
            format_=format_,
            status=status,
            round_=round_,
            tables=tables,
            final=final,
            points_scheme=points_scheme,
            tie_breaks=tie_breaks,
            lines=lines,
        )

        standings_export_output.additional_properties = d
        return standings_export_output

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
