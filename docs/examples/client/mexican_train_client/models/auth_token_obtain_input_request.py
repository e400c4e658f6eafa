from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthTokenObtainInputRequest")


@_attrs_define
class AuthTokenObtainInputRequest:
    """
    Attributes:
        username (str):
        password (str):
        name (str | Unset): 1 to 64 printable characters (spaces around are trimmed) Default: 'api'.
        code (str | Unset): the second factor's current code (or a recovery code), for an account that has one Default:
            ''.
    """

    username: str
    password: str
    name: str | Unset = "api"
    code: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        name = self.name

        code = self.code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "password": password,
            }
        )
        if name is not UNSET:
            field_dict["name"] = name
        if code is not UNSET:
            field_dict["code"] = code

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        name = d.pop("name", UNSET)

        code = d.pop("code", UNSET)

        auth_token_obtain_input_request = cls(
            username=username,
            password=password,
            name=name,
            code=code,
        )

        auth_token_obtain_input_request.additional_properties = d
        return auth_token_obtain_input_request

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
