from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.game_result import GameResult


T = TypeVar("T", bound="AdjudicationOutput")


@_attrs_define
class AdjudicationOutput:
    """
    Attributes:
        seq (int):
        type_ (str):
        status (str):
        result (GameResult | None):
    """

    seq: int
    type_: str
    status: str
    result: GameResult | None
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.game_result import GameResult  # noqa: PLC0415

        seq = self.seq

        type_ = self.type_

        status = self.status

        result: dict[str, Any] | None
        if isinstance(self.result, GameResult):
            result = self.result.to_dict()
        else:
            result = self.result

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "seq": seq,
                "type": type_,
                "status": status,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.game_result import GameResult  # noqa: PLC0415

        d = dict(src_dict)
        seq = d.pop("seq")

        type_ = d.pop("type")

        status = d.pop("status")

        def _parse_result(data: object) -> GameResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_1 = GameResult.from_dict(data)

                return result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(GameResult | None, data)

        result = _parse_result(d.pop("result"))

        adjudication_output = cls(
            seq=seq,
            type_=type_,
            status=status,
            result=result,
        )

        adjudication_output.additional_properties = d
        return adjudication_output

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
