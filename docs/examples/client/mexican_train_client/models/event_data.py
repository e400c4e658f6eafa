from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.event_data_train_type_1 import EventDataTrainType1, check_event_data_train_type_1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ruleset import Ruleset


T = TypeVar("T", bound="EventData")


@_attrs_define
class EventData:
    """The event's data as the caller may see it. Engine events: MatchStarted (`ruleset`,
    `seats`, `seed_commitment`), RoundStarted (`round`, `engine`, `hands` null but for your
    seat, `hand_counts`, `boneyard_count`), EnginePlaced, TileDrawn (`tile` only for the seat
    that drew), TilePlayed, TurnPassed, TurnStopped (`seat`, `tile`, `train`, `by`), RoundEnded
    (`round`, `scores`, `went_out`, `blocked`), MatchEnded (`totals`, `zero_rounds`,
    `places`). The platform's (SeedContributionsFixed, SeatsBerserk, SeatResigned,
    SeatForfeited, GameAbandoned, MoreTimeGiven, GameVoided, ResultAwarded, RoundRestarted,
    RatingsReversed) carry their own keys (`seat`, `reason`, `dispute`, `seconds`, `given_by`,
    `berserk`, ...).

        Attributes:
            seat (int | Unset):
            tile (list[int] | Unset): The two ends' pips, e.g. [12, 5].
            train (EventDataTrainType1 | int | Unset): A seat number (its own train), or "mexican".
            by (str | Unset): bot, timeout or admin: who made a seat's move for it
            ruleset (Ruleset | Unset): The table's rules, fixed when it was created (RULES §1, §9).
            seats (int | Unset):
            seed_commitment (str | Unset):
            round_ (int | Unset):
            engine (int | Unset):
            hands (list[list[list[int]] | None] | Unset):
            hand_counts (list[int] | Unset):
            boneyard_count (int | Unset):
            scores (list[int] | Unset):
            went_out (int | None | Unset):
            blocked (bool | Unset):
            totals (list[int] | None | Unset):
            zero_rounds (list[int] | Unset):
            places (list[int] | Unset):
            reason (str | Unset):
            dispute (int | None | Unset):
            seconds (int | Unset): MoreTimeGiven: the more time `seat` was given
            given_by (int | Unset): MoreTimeGiven: the seat whose player gave it
            berserk (list[int] | Unset): SeatsBerserk: the seats whose players went berserk before the start (half the
                reserve), logged with it
    """

    seat: int | Unset = UNSET
    tile: list[int] | Unset = UNSET
    train: EventDataTrainType1 | int | Unset = UNSET
    by: str | Unset = UNSET
    ruleset: Ruleset | Unset = UNSET
    seats: int | Unset = UNSET
    seed_commitment: str | Unset = UNSET
    round_: int | Unset = UNSET
    engine: int | Unset = UNSET
    hands: list[list[list[int]] | None] | Unset = UNSET
    hand_counts: list[int] | Unset = UNSET
    boneyard_count: int | Unset = UNSET
    scores: list[int] | Unset = UNSET
    went_out: int | None | Unset = UNSET
    blocked: bool | Unset = UNSET
    totals: list[int] | None | Unset = UNSET
    zero_rounds: list[int] | Unset = UNSET
    places: list[int] | Unset = UNSET
    reason: str | Unset = UNSET
    dispute: int | None | Unset = UNSET
    seconds: int | Unset = UNSET
    given_by: int | Unset = UNSET
    berserk: list[int] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        tile: list[int] | Unset = UNSET
        if not isinstance(self.tile, Unset):
            tile = self.tile

        train: int | str | Unset
        if isinstance(self.train, Unset):
            train = UNSET
        elif isinstance(self.train, str):
            train = self.train
        else:
            train = self.train

        by = self.by

        ruleset: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ruleset, Unset):
            ruleset = self.ruleset.to_dict()

        seats = self.seats

        seed_commitment = self.seed_commitment

        round_ = self.round_

        engine = self.engine

        hands: list[list[list[int]] | None] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item: list[list[int]] | None
                if isinstance(hands_item_data, list):
                    hands_item = []
                    for hands_item_type_0_item_data in hands_item_data:
                        hands_item_type_0_item = hands_item_type_0_item_data

                        hands_item.append(hands_item_type_0_item)

                else:
                    hands_item = hands_item_data
                hands.append(hands_item)

        hand_counts: list[int] | Unset = UNSET
        if not isinstance(self.hand_counts, Unset):
            hand_counts = self.hand_counts

        boneyard_count = self.boneyard_count

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        went_out: int | None | Unset
        if isinstance(self.went_out, Unset):
            went_out = UNSET
        else:
            went_out = self.went_out

        blocked = self.blocked

        totals: list[int] | None | Unset
        if isinstance(self.totals, Unset):
            totals = UNSET
        elif isinstance(self.totals, list):
            totals = self.totals

        else:
            totals = self.totals

        zero_rounds: list[int] | Unset = UNSET
        if not isinstance(self.zero_rounds, Unset):
            zero_rounds = self.zero_rounds

        places: list[int] | Unset = UNSET
        if not isinstance(self.places, Unset):
            places = self.places

        reason = self.reason

        dispute: int | None | Unset
        if isinstance(self.dispute, Unset):
            dispute = UNSET
        else:
            dispute = self.dispute

        seconds = self.seconds

        given_by = self.given_by

        berserk: list[int] | Unset = UNSET
        if not isinstance(self.berserk, Unset):
            berserk = self.berserk

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if seat is not UNSET:
            field_dict["seat"] = seat
        if tile is not UNSET:
            field_dict["tile"] = tile
        if train is not UNSET:
            field_dict["train"] = train
        if by is not UNSET:
            field_dict["by"] = by
        if ruleset is not UNSET:
            field_dict["ruleset"] = ruleset
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed_commitment is not UNSET:
            field_dict["seed_commitment"] = seed_commitment
        if round_ is not UNSET:
            field_dict["round"] = round_
        if engine is not UNSET:
            field_dict["engine"] = engine
        if hands is not UNSET:
            field_dict["hands"] = hands
        if hand_counts is not UNSET:
            field_dict["hand_counts"] = hand_counts
        if boneyard_count is not UNSET:
            field_dict["boneyard_count"] = boneyard_count
        if scores is not UNSET:
            field_dict["scores"] = scores
        if went_out is not UNSET:
            field_dict["went_out"] = went_out
        if blocked is not UNSET:
            field_dict["blocked"] = blocked
        if totals is not UNSET:
            field_dict["totals"] = totals
        if zero_rounds is not UNSET:
            field_dict["zero_rounds"] = zero_rounds
        if places is not UNSET:
            field_dict["places"] = places
        if reason is not UNSET:
            field_dict["reason"] = reason
        if dispute is not UNSET:
            field_dict["dispute"] = dispute
        if seconds is not UNSET:
            field_dict["seconds"] = seconds
        if given_by is not UNSET:
            field_dict["given_by"] = given_by
        if berserk is not UNSET:
            field_dict["berserk"] = berserk

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ruleset import Ruleset  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat", UNSET)

        tile = cast(list[int], d.pop("tile", UNSET))

        def _parse_train(data: object) -> EventDataTrainType1 | int | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                train_type_1 = check_event_data_train_type_1(data)

                return train_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EventDataTrainType1 | int | Unset, data)

        train = _parse_train(d.pop("train", UNSET))

        by = d.pop("by", UNSET)

        _ruleset = d.pop("ruleset", UNSET)
        ruleset: Ruleset | Unset
        if isinstance(_ruleset, Unset):
            ruleset = UNSET
        else:
            ruleset = Ruleset.from_dict(_ruleset)

        seats = d.pop("seats", UNSET)

        seed_commitment = d.pop("seed_commitment", UNSET)

        round_ = d.pop("round", UNSET)

        engine = d.pop("engine", UNSET)

        _hands = d.pop("hands", UNSET)
        hands: list[list[list[int]] | None] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:

                def _parse_hands_item(data: object) -> list[list[int]] | None:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, list):
                            raise TypeError()
                        hands_item_type_0 = []
                        _hands_item_type_0 = data
                        for hands_item_type_0_item_data in _hands_item_type_0:
                            hands_item_type_0_item = cast(list[int], hands_item_type_0_item_data)

                            hands_item_type_0.append(hands_item_type_0_item)

                        return hands_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(list[list[int]] | None, data)

                hands_item = _parse_hands_item(hands_item_data)

                hands.append(hands_item)

        hand_counts = cast(list[int], d.pop("hand_counts", UNSET))

        boneyard_count = d.pop("boneyard_count", UNSET)

        scores = cast(list[int], d.pop("scores", UNSET))

        def _parse_went_out(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        went_out = _parse_went_out(d.pop("went_out", UNSET))

        blocked = d.pop("blocked", UNSET)

        def _parse_totals(data: object) -> list[int] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                totals_type_0 = cast(list[int], data)

                return totals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[int] | None | Unset, data)

        totals = _parse_totals(d.pop("totals", UNSET))

        zero_rounds = cast(list[int], d.pop("zero_rounds", UNSET))

        places = cast(list[int], d.pop("places", UNSET))

        reason = d.pop("reason", UNSET)

        def _parse_dispute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dispute = _parse_dispute(d.pop("dispute", UNSET))

        seconds = d.pop("seconds", UNSET)

        given_by = d.pop("given_by", UNSET)

        berserk = cast(list[int], d.pop("berserk", UNSET))

        event_data = cls(
            seat=seat,
            tile=tile,
            train=train,
            by=by,
            ruleset=ruleset,
            seats=seats,
            seed_commitment=seed_commitment,
            round_=round_,
            engine=engine,
            hands=hands,
            hand_counts=hand_counts,
            boneyard_count=boneyard_count,
            scores=scores,
            went_out=went_out,
            blocked=blocked,
            totals=totals,
            zero_rounds=zero_rounds,
            places=places,
            reason=reason,
            dispute=dispute,
            seconds=seconds,
            given_by=given_by,
            berserk=berserk,
        )

        event_data.additional_properties = d
        return event_data

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
