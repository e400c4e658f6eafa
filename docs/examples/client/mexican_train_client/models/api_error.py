from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.api_error_fields import ApiErrorFields


T = TypeVar("T", bound="ApiError")


@_attrs_define
class ApiError:
    """The one error shape of the API (documentation only; errors are built in core.api).

    Attributes:
        code (str): Stable machine-readable code; branch on this.
        detail (str): Human-readable explanation; may change.
        fields (ApiErrorFields | Unset): Only for `invalid` and `invalid_query`: messages per input field or query
            parameter (dotted paths when nested).
        rule (str | Unset): Only for illegal moves: the RULES.md id that refuses it.
        retry_after (int | Unset): Only for `throttled` (429) and `service_unavailable` (503): seconds to wait before
            trying again (also in the Retry-After header).
    """

    code: str
    detail: str
    fields: ApiErrorFields | Unset = UNSET
    rule: str | Unset = UNSET
    retry_after: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        detail = self.detail

        fields: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = self.fields.to_dict()

        rule = self.rule

        retry_after = self.retry_after

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "code": code,
                "detail": detail,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields
        if rule is not UNSET:
            field_dict["rule"] = rule
        if retry_after is not UNSET:
            field_dict["retry_after"] = retry_after

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.api_error_fields import ApiErrorFields  # noqa: PLC0415

        d = dict(src_dict)
        code = d.pop("code")

        detail = d.pop("detail")

        _fields = d.pop("fields", UNSET)
        fields: ApiErrorFields | Unset
        if isinstance(_fields, Unset):
            fields = UNSET
        else:
            fields = ApiErrorFields.from_dict(_fields)

        rule = d.pop("rule", UNSET)

        retry_after = d.pop("retry_after", UNSET)

        api_error = cls(
            code=code,
            detail=detail,
            fields=fields,
            rule=rule,
            retry_after=retry_after,
        )

        api_error.additional_properties = d
        return api_error

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
