from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.record_format_enum import RecordFormatEnum, check_record_format_enum
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_result import MatchResult
    from ..models.record_attestation import RecordAttestation
    from ..models.record_fairness import RecordFairness
    from ..models.record_player import RecordPlayer
    from ..models.record_round import RecordRound
    from ..models.ruleset import Ruleset


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """A game's record (the format in docs/players/fairness.md); signed once the game ended.

    Attributes:
        format_ (RecordFormatEnum): * `mexican-train-record` - mexican-train-record
        version (int): 1, or 2 with the players' contributions
        ruleset (Ruleset): The table's rules, fixed when it was created (RULES §1, §9).
        players (list[RecordPlayer]):
        rounds (list[RecordRound]):
        seed_commitment (str | Unset): version 1
        fairness (RecordFairness | Unset):
        seed (str | Unset): once the match has ended
        result (MatchResult | Unset):
        attestation (RecordAttestation | Unset):
    """

    format_: RecordFormatEnum
    version: int
    ruleset: Ruleset
    players: list[RecordPlayer]
    rounds: list[RecordRound]
    seed_commitment: str | Unset = UNSET
    fairness: RecordFairness | Unset = UNSET
    seed: str | Unset = UNSET
    result: MatchResult | Unset = UNSET
    attestation: RecordAttestation | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        format_: str = self.format_

        version = self.version

        ruleset = self.ruleset.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        rounds = []
        for rounds_item_data in self.rounds:
            rounds_item = rounds_item_data.to_dict()
            rounds.append(rounds_item)

        seed_commitment = self.seed_commitment

        fairness: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fairness, Unset):
            fairness = self.fairness.to_dict()

        seed = self.seed

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        attestation: dict[str, Any] | Unset = UNSET
        if not isinstance(self.attestation, Unset):
            attestation = self.attestation.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "format": format_,
                "version": version,
                "ruleset": ruleset,
                "players": players,
                "rounds": rounds,
            }
        )
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if fairness is not UNSET:
            field_dict["fairness"] = fairness
        if seed is not UNSET:
            field_dict["seed"] = seed
        if result is not UNSET:
            field_dict["result"] = result
        if attestation is not UNSET:
            field_dict["attestation"] = attestation

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.record_attestation import RecordAttestation  # noqa: PLC0415
        from ..models.record_fairness import RecordFairness  # noqa: PLC0415
        from ..models.record_player import RecordPlayer  # noqa: PLC0415
        from ..models.record_round import RecordRound  # noqa: PLC0415
        from ..models.ruleset import Ruleset  # noqa: PLC0415

        d = dict(src_dict)
        format_ = check_record_format_enum(d.pop("format"))

        version = d.pop("version")

        ruleset = Ruleset.from_dict(d.pop("ruleset"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = RecordPlayer.from_dict(players_item_data)

            players.append(players_item)

        rounds = []
        _rounds = d.pop("rounds")
        for rounds_item_data in _rounds:
            rounds_item = RecordRound.from_dict(rounds_item_data)

            rounds.append(rounds_item)

        seed_commitment = d.pop("seed_commitment", UNSET)

        _fairness = d.pop("fairness", UNSET)
        fairness: RecordFairness | Unset
        if isinstance(_fairness, Unset):
            fairness = UNSET
        else:
            fairness = RecordFairness.from_dict(_fairness)

        seed = d.pop("seed", UNSET)

        _result = d.pop("result", UNSET)
        result: MatchResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = MatchResult.from_dict(_result)

        _attestation = d.pop("attestation", UNSET)
        attestation: RecordAttestation | Unset
        if isinstance(_attestation, Unset):
            attestation = UNSET
        else:
            attestation = RecordAttestation.from_dict(_attestation)

        record = cls(
            format_=format_,
            version=version,
            ruleset=ruleset,
            players=players,
            rounds=rounds,
            seed_commitment=seed_commitment,
            fairness=fairness,
            seed=seed,
            result=result,
            attestation=attestation,
        )

        record.additional_properties = d
        return record

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
