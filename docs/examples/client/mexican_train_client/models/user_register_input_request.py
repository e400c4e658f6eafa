from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UserRegisterInputRequest")


@_attrs_define
class UserRegisterInputRequest:
    """
    Attributes:
        username (str):
        password (str):
        email (str | Unset):
        time_zone (str | Unset): an IANA time zone (the browser's); blank: UTC. Where the player's weekend falls on a
            table with no clock at weekends Default: ''.
    """

    username: str
    password: str
    email: str | Unset = UNSET
    time_zone: str | Unset = ""
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        password = self.password

        email: str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        time_zone = self.time_zone

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "password": password,
            }
        )
        if email is not UNSET:
            field_dict["email"] = email
        if time_zone is not UNSET:
            field_dict["time_zone"] = time_zone

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        username = d.pop("username")

        password = d.pop("password")

        def _parse_email(data: object) -> str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))

        time_zone = d.pop("time_zone", UNSET)

        user_register_input_request = cls(
            username=username,
            password=password,
            email=email,
            time_zone=time_zone,
        )

        user_register_input_request.additional_properties = d
        return user_register_input_request

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
