from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.team_summary_output import TeamSummaryOutput


T = TypeVar("T", bound="TeamPage")


@_attrs_define
class TeamPage:
    """
    Attributes:
        results (list[TeamSummaryOutput]):
        next_ (None | str): the next page; null at the end
        previous (None | str): the page before, or null
        count (int | Unset): numbered pages (`?page=`) only: the rows of all pages
    """

    results: list[TeamSummaryOutput]
    next_: None | str
    previous: None | str
    count: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "results": results,
                "next": next_,
                "previous": previous,
            }
        )
        if count is not UNSET:
            field_dict["count"] = count

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.team_summary_output import TeamSummaryOutput  # noqa: PLC0415

        d = dict(src_dict)
        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = TeamSummaryOutput.from_dict(results_item_data)

            results.append(results_item)

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        def _parse_previous(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        previous = _parse_previous(d.pop("previous"))

        count = d.pop("count", UNSET)

        team_page = cls(
            results=results,
            next_=next_,
            previous=previous,
            count=count,
        )

        team_page.additional_properties = d
        return team_page

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
