from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.chat_message_output import ChatMessageOutput
    from ..models.message_output import MessageOutput
    from ..models.receipt_check_output import ReceiptCheckOutput


T = TypeVar("T", bound="DisputeDetailOutput")


@_attrs_define
class DisputeDetailOutput:
    """
    Attributes:
        id (int):
        game (UUID):
        game_name (str):
        game_status (str):
        category (str):
        reason (str):
        seq (int | None):
        status (str):
        opened_by (str):
        involved (list[str]):
        claimed_by (None | str):
        resolution (str):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        closed_at (datetime.datetime | None):
        awaiting_staff_since (None | str):
        messages (list[MessageOutput]):
        reported_chat (list[ChatMessageOutput]): the chat messages a report opened this dispute about (chat.services)
        receipt_checks (list[ReceiptCheckOutput]): move receipts attached, with what checking them against the log said
    """

    id: int
    game: UUID
    game_name: str
    game_status: str
    category: str
    reason: str
    seq: int | None
    status: str
    opened_by: str
    involved: list[str]
    claimed_by: None | str
    resolution: str
    created_at: datetime.datetime
    updated_at: datetime.datetime
    closed_at: datetime.datetime | None
    awaiting_staff_since: None | str
    messages: list[MessageOutput]
    reported_chat: list[ChatMessageOutput]
    receipt_checks: list[ReceiptCheckOutput]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        game = str(self.game)

        game_name = self.game_name

        game_status = self.game_status

        category = self.category

        reason = self.reason

        seq: int | None
        seq = self.seq

        status = self.status

        opened_by = self.opened_by

        involved = self.involved

        claimed_by: None | str
        claimed_by = self.claimed_by

        resolution = self.resolution

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        closed_at: None | str
        if isinstance(self.closed_at, datetime.datetime):
            closed_at = self.closed_at.isoformat()
        else:
            closed_at = self.closed_at

        awaiting_staff_since: None | str
        awaiting_staff_since = self.awaiting_staff_since

        messages = []
        for messages_item_data in self.messages:
            messages_item = messages_item_data.to_dict()
            messages.append(messages_item)

        reported_chat = []
        for reported_chat_item_data in self.reported_chat:
            reported_chat_item = reported_chat_item_data.to_dict()
            reported_chat.append(reported_chat_item)

        receipt_checks = []
        for receipt_checks_item_data in self.receipt_checks:
            receipt_checks_item = receipt_checks_item_data.to_dict()
            receipt_checks.append(receipt_checks_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "game": game,
                "game_name": game_name,
                "game_status": game_status,
                "category": category,
                "reason": reason,
                "seq": seq,
                "status": status,
                "opened_by": opened_by,
                "involved": involved,
                "claimed_by": claimed_by,
                "resolution": resolution,
                "created_at": created_at,
                "updated_at": updated_at,
                "closed_at": closed_at,
                "awaiting_staff_since": awaiting_staff_since,
                "messages": messages,
                "reported_chat": reported_chat,
                "receipt_checks": receipt_checks,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chat_message_output import ChatMessageOutput  # noqa: PLC0415
        from ..models.message_output import MessageOutput  # noqa: PLC0415
        from ..models.receipt_check_output import ReceiptCheckOutput  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        game = UUID(d.pop("game"))

        game_name = d.pop("game_name")

        game_status = d.pop("game_status")

        category = d.pop("category")

        reason = d.pop("reason")

        def _parse_seq(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seq = _parse_seq(d.pop("seq"))

        status = d.pop("status")

        opened_by = d.pop("opened_by")

        involved = cast(list[str], d.pop("involved"))

        def _parse_claimed_by(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        claimed_by = _parse_claimed_by(d.pop("claimed_by"))

        resolution = d.pop("resolution")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_closed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                closed_at_type_0 = datetime.datetime.fromisoformat(data)

                return closed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        closed_at = _parse_closed_at(d.pop("closed_at"))

        def _parse_awaiting_staff_since(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        awaiting_staff_since = _parse_awaiting_staff_since(d.pop("awaiting_staff_since"))

        messages = []
        _messages = d.pop("messages")
        for messages_item_data in _messages:
            messages_item = MessageOutput.from_dict(messages_item_data)

            messages.append(messages_item)

        reported_chat = []
        _reported_chat = d.pop("reported_chat")
        for reported_chat_item_data in _reported_chat:
            reported_chat_item = ChatMessageOutput.from_dict(reported_chat_item_data)

            reported_chat.append(reported_chat_item)

        receipt_checks = []
        _receipt_checks = d.pop("receipt_checks")
        for receipt_checks_item_data in _receipt_checks:
            receipt_checks_item = ReceiptCheckOutput.from_dict(receipt_checks_item_data)

            receipt_checks.append(receipt_checks_item)

        dispute_detail_output = cls(
            id=id,
            game=game,
            game_name=game_name,
            game_status=game_status,
            category=category,
            reason=reason,
            seq=seq,
            status=status,
            opened_by=opened_by,
            involved=involved,
            claimed_by=claimed_by,
            resolution=resolution,
            created_at=created_at,
            updated_at=updated_at,
            closed_at=closed_at,
            awaiting_staff_since=awaiting_staff_since,
            messages=messages,
            reported_chat=reported_chat,
            receipt_checks=receipt_checks,
        )

        dispute_detail_output.additional_properties = d
        return dispute_detail_output

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
