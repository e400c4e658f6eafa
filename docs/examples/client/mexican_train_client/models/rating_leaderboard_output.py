from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rating_kind_enum import RatingKindEnum, check_rating_kind_enum

if TYPE_CHECKING:
    from ..models.rating_leaderboard_output_entry import RatingLeaderboardOutputEntry


T = TypeVar("T", bound="RatingLeaderboardOutput")


@_attrs_define
class RatingLeaderboardOutput:
    """
    Attributes:
        kind (RatingKindEnum): * `live` - live
            * `correspondence` - correspondence
        count (int): rated people on this leaderboard
        page (int):
        page_size (int):
        pages (int):
        results (list[RatingLeaderboardOutputEntry]):
        next_ (None | str): the next page; null at the end
        previous (None | str): the page before, or null
    """

    kind: RatingKindEnum
    count: int
    page: int
    page_size: int
    pages: int
    results: list[RatingLeaderboardOutputEntry]
    next_: None | str
    previous: None | str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        kind: str = self.kind

        count = self.count

        page = self.page

        page_size = self.page_size

        pages = self.pages

        results = []
        for results_item_data in self.results:
            results_item = results_item_data.to_dict()
            results.append(results_item)

        next_: None | str
        next_ = self.next_

        previous: None | str
        previous = self.previous

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "kind": kind,
                "count": count,
                "page": page,
                "page_size": page_size,
                "pages": pages,
                "results": results,
                "next": next_,
                "previous": previous,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_leaderboard_output_entry import RatingLeaderboardOutputEntry  # noqa: PLC0415

        d = dict(src_dict)
        kind = check_rating_kind_enum(d.pop("kind"))

        count = d.pop("count")

        page = d.pop("page")

        page_size = d.pop("page_size")

        pages = d.pop("pages")

        results = []
        _results = d.pop("results")
        for results_item_data in _results:
            results_item = RatingLeaderboardOutputEntry.from_dict(results_item_data)

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

        rating_leaderboard_output = cls(
            kind=kind,
            count=count,
            page=page,
            page_size=page_size,
            pages=pages,
            results=results,
            next_=next_,
            previous=previous,
        )

        rating_leaderboard_output.additional_properties = d
        return rating_leaderboard_output

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
