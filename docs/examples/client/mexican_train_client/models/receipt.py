from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Receipt")


@_attrs_define
class Receipt:
    """The platform's signed receipt of a move (trust.receipts).

    Attributes:
        game (str):
        seq (int): the move's first event
        event_hash (str): commits to that event's chain hash
        head_seq (int): the log's head after the move
        head_hash (str): commits to the head's chain hash
        at (str): when the move was acknowledged (ISO-8601 UTC)
        key_id (str): see /.well-known/mexican-train-keys.json
        signature (str): Ed25519, hex (trust.receipts)
    """

    game: str
    seq: int
    event_hash: str
    head_seq: int
    head_hash: str
    at: str
    key_id: str
    signature: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        game = self.game

        seq = self.seq

        event_hash = self.event_hash

        head_seq = self.head_seq

        head_hash = self.head_hash

        at = self.at

        key_id = self.key_id

        signature = self.signature

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "game": game,
                "seq": seq,
                "event_hash": event_hash,
                "head_seq": head_seq,
                "head_hash": head_hash,
                "at": at,
                "key_id": key_id,
                "signature": signature,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        game = d.pop("game")

        seq = d.pop("seq")

        event_hash = d.pop("event_hash")

        head_seq = d.pop("head_seq")

        head_hash = d.pop("head_hash")

        at = d.pop("at")

        key_id = d.pop("key_id")

        signature = d.pop("signature")

        receipt = cls(
            game=game,
            seq=seq,
            event_hash=event_hash,
            head_seq=head_seq,
            head_hash=head_hash,
            at=at,
            key_id=key_id,
            signature=signature,
        )

        receipt.additional_properties = d
        return receipt

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
