from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.series_list_input_request_template import SeriesListInputRequestTemplate


T = TypeVar("T", bound="SeriesListInputRequest")


@_attrs_define
class SeriesListInputRequest:
    """
    Attributes:
        name (str):
        rule (str): an RRULE at most hourly, e.g. FREQ=DAILY;BYHOUR=18
        dtstart (datetime.datetime): the first start, with its time of day
        description (str | Unset):  Default: ''.
        lead_hours (int | Unset):  Default: 168.
        registration_opens_minutes (int | None | Unset): before each start (default: as soon as the tournament is made)
        registration_closes_minutes (int | Unset):  Default: 0.
        check_in_minutes (int | None | Unset): check-in opens this long before each start (default: none)
        template (SeriesListInputRequestTemplate | Unset): each tournament's settings, as POST /api/v1/tournaments takes
            them (format, table_size, variants, time_control, rounds, rated, entry conditions …)
        active (bool | Unset):  Default: True.
    """

    name: str
    rule: str
    dtstart: datetime.datetime
    description: str | Unset = ""
    lead_hours: int | Unset = 168
    registration_opens_minutes: int | None | Unset = UNSET
    registration_closes_minutes: int | Unset = 0
    check_in_minutes: int | None | Unset = UNSET
    template: SeriesListInputRequestTemplate | Unset = UNSET
    active: bool | Unset = True
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        rule = self.rule

        dtstart = self.dtstart.isoformat()

        description = self.description

        lead_hours = self.lead_hours

        registration_opens_minutes: int | None | Unset
        if isinstance(self.registration_opens_minutes, Unset):
            registration_opens_minutes = UNSET
        else:
            registration_opens_minutes = self.registration_opens_minutes

        registration_closes_minutes = self.registration_closes_minutes

        check_in_minutes: int | None | Unset
        if isinstance(self.check_in_minutes, Unset):
            check_in_minutes = UNSET
        else:
            check_in_minutes = self.check_in_minutes

        template: dict[str, Any] | Unset = UNSET
        if not isinstance(self.template, Unset):
            template = self.template.to_dict()

        active = self.active

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "rule": rule,
                "dtstart": dtstart,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if lead_hours is not UNSET:
            field_dict["lead_hours"] = lead_hours
        if registration_opens_minutes is not UNSET:
            field_dict["registration_opens_minutes"] = registration_opens_minutes
        if registration_closes_minutes is not UNSET:
            field_dict["registration_closes_minutes"] = registration_closes_minutes
        if check_in_minutes is not UNSET:
            field_dict["check_in_minutes"] = check_in_minutes
        if template is not UNSET:
            field_dict["template"] = template
        if active is not UNSET:
            field_dict["active"] = active

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.series_list_input_request_template import SeriesListInputRequestTemplate  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        rule = d.pop("rule")

        dtstart = datetime.datetime.fromisoformat(d.pop("dtstart"))

        description = d.pop("description", UNSET)

        lead_hours = d.pop("lead_hours", UNSET)

        def _parse_registration_opens_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        registration_opens_minutes = _parse_registration_opens_minutes(d.pop("registration_opens_minutes", UNSET))

        registration_closes_minutes = d.pop("registration_closes_minutes", UNSET)

        def _parse_check_in_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        check_in_minutes = _parse_check_in_minutes(d.pop("check_in_minutes", UNSET))

        _template = d.pop("template", UNSET)
        template: SeriesListInputRequestTemplate | Unset
        if isinstance(_template, Unset):
            template = UNSET
        else:
            template = SeriesListInputRequestTemplate.from_dict(_template)

        active = d.pop("active", UNSET)

        series_list_input_request = cls(
            name=name,
            rule=rule,
            dtstart=dtstart,
            description=description,
            lead_hours=lead_hours,
            registration_opens_minutes=registration_opens_minutes,
            registration_closes_minutes=registration_closes_minutes,
            check_in_minutes=check_in_minutes,
            template=template,
            active=active,
        )

        series_list_input_request.additional_properties = d
        return series_list_input_request

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
