from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.player_profile_output_analysis import PlayerProfileOutputAnalysis
    from ..models.player_profile_output_games import PlayerProfileOutputGames
    from ..models.rating_output import RatingOutput


T = TypeVar("T", bound="PlayerProfileOutput")


@_attrs_define
class PlayerProfileOutput:
    """
    Attributes:
        username (str):
        is_bot (bool):
        bot_owner (None | str): a bot a person owns: that person's username
        joined (datetime.datetime):
        games (PlayerProfileOutputGames):
        ratings (list[RatingOutput]): one per kind; none for a bot
        analysis (PlayerProfileOutputAnalysis):
    """

    username: str
    is_bot: bool
    bot_owner: None | str
    joined: datetime.datetime
    games: PlayerProfileOutputGames
    ratings: list[RatingOutput]
    analysis: PlayerProfileOutputAnalysis
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        username = self.username

        is_bot = self.is_bot

        bot_owner: None | str
        bot_owner = self.bot_owner

        joined = self.joined.isoformat()

        games = self.games.to_dict()

        ratings = []
        for ratings_item_data in self.ratings:
            ratings_item = ratings_item_data.to_dict()
            ratings.append(ratings_item)

        analysis = self.analysis.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "username": username,
                "is_bot": is_bot,
                "bot_owner": bot_owner,
                "joined": joined,
                "games": games,
                "ratings": ratings,
                "analysis": analysis,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.player_profile_output_analysis import PlayerProfileOutputAnalysis  # noqa: PLC0415
        from ..models.player_profile_output_games import PlayerProfileOutputGames  # noqa: PLC0415
        from ..models.rating_output import RatingOutput  # noqa: PLC0415

        d = dict(src_dict)
        username = d.pop("username")

        is_bot = d.pop("is_bot")

        def _parse_bot_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        bot_owner = _parse_bot_owner(d.pop("bot_owner"))

        joined = datetime.datetime.fromisoformat(d.pop("joined"))

        games = PlayerProfileOutputGames.from_dict(d.pop("games"))

        ratings = []
        _ratings = d.pop("ratings")
        for ratings_item_data in _ratings:
            ratings_item = RatingOutput.from_dict(ratings_item_data)

            ratings.append(ratings_item)

        analysis = PlayerProfileOutputAnalysis.from_dict(d.pop("analysis"))

        player_profile_output = cls(
            username=username,
            is_bot=is_bot,
            bot_owner=bot_owner,
            joined=joined,
            games=games,
            ratings=ratings,
            analysis=analysis,
        )

        player_profile_output.additional_properties = d
        return player_profile_output

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
