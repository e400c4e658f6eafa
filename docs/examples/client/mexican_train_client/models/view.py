from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.view_open_doubles_item_type_1 import ViewOpenDoublesItemType1, check_view_open_doubles_item_type_1
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_result import MatchResult
    from ..models.ruleset import Ruleset
    from ..models.train_view import TrainView
    from ..models.turn import Turn


T = TypeVar("T", bound="View")


@_attrs_define
class View:
    """What this viewer may see (RULES R4): the public table, and your own hand only.

    Attributes:
        viewer (int | None): your seat; null: a spectator
        seats (int):
        ruleset (Ruleset): The table's rules, fixed when it was created (RULES §1, §9).
        seed_commitment (str):
        phase (str): engine, playing, finished (and between rounds)
        round_ (int):
        rounds (int):
        engine (int | None):
        engine_placed (bool):
        to_move (int | None): the seat to move
        first_turn (bool):
        trains (list[TrainView]):
        open_doubles (list[int | ViewOpenDoublesItemType1]):
        hand_counts (list[int]):
        boneyard_count (int):
        turn (Turn):
        went_out (int | None):
        round_scores (list[list[int]]):
        totals (list[int]): points per seat so far (the fewest wins)
        hand (list[list[int]] | Unset): your tiles; absent for a spectator
        result (MatchResult | Unset):
    """

    viewer: int | None
    seats: int
    ruleset: Ruleset
    seed_commitment: str
    phase: str
    round_: int
    rounds: int
    engine: int | None
    engine_placed: bool
    to_move: int | None
    first_turn: bool
    trains: list[TrainView]
    open_doubles: list[int | ViewOpenDoublesItemType1]
    hand_counts: list[int]
    boneyard_count: int
    turn: Turn
    went_out: int | None
    round_scores: list[list[int]]
    totals: list[int]
    hand: list[list[int]] | Unset = UNSET
    result: MatchResult | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        viewer: int | None
        viewer = self.viewer

        seats = self.seats

        ruleset = self.ruleset.to_dict()

        seed_commitment = self.seed_commitment

        phase = self.phase

        round_ = self.round_

        rounds = self.rounds

        engine: int | None
        engine = self.engine

        engine_placed = self.engine_placed

        to_move: int | None
        to_move = self.to_move

        first_turn = self.first_turn

        trains = []
        for trains_item_data in self.trains:
            trains_item = trains_item_data.to_dict()
            trains.append(trains_item)

        open_doubles = []
        for open_doubles_item_data in self.open_doubles:
            open_doubles_item: int | str
            if isinstance(open_doubles_item_data, str):
                open_doubles_item = open_doubles_item_data
            else:
                open_doubles_item = open_doubles_item_data
            open_doubles.append(open_doubles_item)

        hand_counts = self.hand_counts

        boneyard_count = self.boneyard_count

        turn = self.turn.to_dict()

        went_out: int | None
        went_out = self.went_out

        round_scores = []
        for round_scores_item_data in self.round_scores:
            round_scores_item = round_scores_item_data

            round_scores.append(round_scores_item)

        totals = self.totals

        hand: list[list[int]] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = []
            for hand_item_data in self.hand:
                hand_item = hand_item_data

                hand.append(hand_item)

        result: dict[str, Any] | Unset = UNSET
        if not isinstance(self.result, Unset):
            result = self.result.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "viewer": viewer,
                "seats": seats,
                "ruleset": ruleset,
                "seed_commitment": seed_commitment,
                "phase": phase,
                "round": round_,
                "rounds": rounds,
                "engine": engine,
                "engine_placed": engine_placed,
                "to_move": to_move,
                "first_turn": first_turn,
                "trains": trains,
                "open_doubles": open_doubles,
                "hand_counts": hand_counts,
                "boneyard_count": boneyard_count,
                "turn": turn,
                "went_out": went_out,
                "round_scores": round_scores,
                "totals": totals,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand
        if result is not UNSET:
            field_dict["result"] = result

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.ruleset import Ruleset  # noqa: PLC0415
        from ..models.train_view import TrainView  # noqa: PLC0415
        from ..models.turn import Turn  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_viewer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        viewer = _parse_viewer(d.pop("viewer"))

        seats = d.pop("seats")

        ruleset = Ruleset.from_dict(d.pop("ruleset"))

        seed_commitment = d.pop("seed_commitment")

        phase = d.pop("phase")

        round_ = d.pop("round")

        rounds = d.pop("rounds")

        def _parse_engine(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        engine = _parse_engine(d.pop("engine"))

        engine_placed = d.pop("engine_placed")

        def _parse_to_move(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        to_move = _parse_to_move(d.pop("to_move"))

        first_turn = d.pop("first_turn")

        trains = []
        _trains = d.pop("trains")
        for trains_item_data in _trains:
            trains_item = TrainView.from_dict(trains_item_data)

            trains.append(trains_item)

        open_doubles = []
        _open_doubles = d.pop("open_doubles")
        for open_doubles_item_data in _open_doubles:

            def _parse_open_doubles_item(data: object) -> int | ViewOpenDoublesItemType1:
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    open_doubles_item_type_1 = check_view_open_doubles_item_type_1(data)

                    return open_doubles_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(int | ViewOpenDoublesItemType1, data)

            open_doubles_item = _parse_open_doubles_item(open_doubles_item_data)

            open_doubles.append(open_doubles_item)

        hand_counts = cast(list[int], d.pop("hand_counts"))

        boneyard_count = d.pop("boneyard_count")

        turn = Turn.from_dict(d.pop("turn"))

        def _parse_went_out(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        went_out = _parse_went_out(d.pop("went_out"))

        round_scores = []
        _round_scores = d.pop("round_scores")
        for round_scores_item_data in _round_scores:
            round_scores_item = cast(list[int], round_scores_item_data)

            round_scores.append(round_scores_item)

        totals = cast(list[int], d.pop("totals"))

        _hand = d.pop("hand", UNSET)
        hand: list[list[int]] | Unset = UNSET
        if _hand is not UNSET:
            hand = []
            for hand_item_data in _hand:
                hand_item = cast(list[int], hand_item_data)

                hand.append(hand_item)

        _result = d.pop("result", UNSET)
        result: MatchResult | Unset
        if isinstance(_result, Unset):
            result = UNSET
        else:
            result = MatchResult.from_dict(_result)

        view = cls(
            viewer=viewer,
            seats=seats,
            ruleset=ruleset,
            seed_commitment=seed_commitment,
            phase=phase,
            round_=round_,
            rounds=rounds,
            engine=engine,
            engine_placed=engine_placed,
            to_move=to_move,
            first_turn=first_turn,
            trains=trains,
            open_doubles=open_doubles,
            hand_counts=hand_counts,
            boneyard_count=boneyard_count,
            turn=turn,
            went_out=went_out,
            round_scores=round_scores,
            totals=totals,
            hand=hand,
            result=result,
        )

        view.additional_properties = d
        return view

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
