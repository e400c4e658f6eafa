from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.state_enum import StateEnum, check_state_enum

if TYPE_CHECKING:
    from ..models.rating_change_output import RatingChangeOutput


T = TypeVar("T", bound="GameRatingsOutput")


@_attrs_define
class GameRatingsOutput:
    """
    Attributes:
        state (StateEnum): * `pending` - pending
            * `applied` - applied
            * `aborted` - aborted
            * `reversed` - reversed
        changes (list[RatingChangeOutput]): by seat, the people's changes that stand (bots have no rating)
    """

    state: StateEnum
    changes: list[RatingChangeOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        state: str = self.state

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "state": state,
                "changes": changes,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rating_change_output import RatingChangeOutput  # noqa: PLC0415

        d = dict(src_dict)
        state = check_state_enum(d.pop("state"))

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = RatingChangeOutput.from_dict(changes_item_data)

            changes.append(changes_item)

        game_ratings_output = cls(
            state=state,
            changes=changes,
        )

        game_ratings_output.additional_properties = d
        return game_ratings_output

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
