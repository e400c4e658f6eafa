from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="SeriesOutput")


@_attrs_define
class SeriesOutput:
    """
    Attributes:
        id (int):
        name (str):
        description (str):
        organizer (str):
        rule (str): RFC 5545 RRULE, e.g. FREQ=WEEKLY;BYDAY=SA
        dtstart (datetime.datetime):
        lead_hours (int): how far ahead its tournaments exist
        registration_opens_minutes (int | None):
        registration_closes_minutes (int):
        check_in_minutes (int | None):
        template (Any): tournament_create's settings of each tournament
        entry_conditions (Any):
        active (bool):
        next_starts (list[datetime.datetime]):
        tournaments (Any): its upcoming tournaments: id, starts_at, status
        feed (str): its iCal feed
    """

    id: int
    name: str
    description: str
    organizer: str
    rule: str
    dtstart: datetime.datetime
    lead_hours: int
    registration_opens_minutes: int | None
    registration_closes_minutes: int
    check_in_minutes: int | None
    template: Any
    entry_conditions: Any
    active: bool
    next_starts: list[datetime.datetime]
    tournaments: Any
    feed: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        description = self.description

        organizer = self.organizer

        rule = self.rule

        dtstart = self.dtstart.isoformat()

        lead_hours = self.lead_hours

        registration_opens_minutes: int | None
        registration_opens_minutes = self.registration_opens_minutes

        registration_closes_minutes = self.registration_closes_minutes

        check_in_minutes: int | None
        check_in_minutes = self.check_in_minutes

        template = self.template

        entry_conditions = self.entry_conditions

        active = self.active

        next_starts = []
        for next_starts_item_data in self.next_starts:
            next_starts_item = next_starts_item_data.isoformat()
            next_starts.append(next_starts_item)

        tournaments = self.tournaments

        feed = self.feed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "organizer": organizer,
                "rule": rule,
                "dtstart": dtstart,
                "lead_hours": lead_hours,
                "registration_opens_minutes": registration_opens_minutes,
                "registration_closes_minutes": registration_closes_minutes,
                "check_in_minutes": check_in_minutes,
                "template": template,
                "entry_conditions": entry_conditions,
                "active": active,
                "next_starts": next_starts,
                "tournaments": tournaments,
                "feed": feed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        description = d.pop("description")

        organizer = d.pop("organizer")

        rule = d.pop("rule")

        dtstart = datetime.datetime.fromisoformat(d.pop("dtstart"))

        lead_hours = d.pop("lead_hours")

        def _parse_registration_opens_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        registration_opens_minutes = _parse_registration_opens_minutes(d.pop("registration_opens_minutes"))

        registration_closes_minutes = d.pop("registration_closes_minutes")

        def _parse_check_in_minutes(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        check_in_minutes = _parse_check_in_minutes(d.pop("check_in_minutes"))

        template = d.pop("template")

        entry_conditions = d.pop("entry_conditions")

        active = d.pop("active")

        next_starts = []
        _next_starts = d.pop("next_starts")
        for next_starts_item_data in _next_starts:
            next_starts_item = datetime.datetime.fromisoformat(next_starts_item_data)

            next_starts.append(next_starts_item)

        tournaments = d.pop("tournaments")

        feed = d.pop("feed")

        series_output = cls(
            id=id,
            name=name,
            description=description,
            organizer=organizer,
            rule=rule,
            dtstart=dtstart,
            lead_hours=lead_hours,
            registration_opens_minutes=registration_opens_minutes,
            registration_closes_minutes=registration_closes_minutes,
            check_in_minutes=check_in_minutes,
            template=template,
            entry_conditions=entry_conditions,
            active=active,
            next_starts=next_starts,
            tournaments=tournaments,
            feed=feed,
        )

        series_output.additional_properties = d
        return series_output

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
