from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.player_rating_history_output import PlayerRatingHistoryOutput
from ...models.players_rating_history_kind import PlayersRatingHistoryKind
from ...types import UNSET, Response, Unset


def _get_kwargs(
    username: str,
    *,
    kind: PlayersRatingHistoryKind | Unset = "live",
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind

    params["kind"] = json_kind

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/{username}/rating-history".format(
            username=quote(str(username), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | PlayerRatingHistoryOutput | None:
    if response.status_code == 200:
        response_200 = PlayerRatingHistoryOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | PlayerRatingHistoryOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    username: str,
    *,
    client: AuthenticatedClient,
    kind: PlayersRatingHistoryKind | Unset = "live",
) -> Response[ApiError | PlayerRatingHistoryOutput]:
    """A player's rating after each standing rated game of one kind, oldest first.

    Args:
        username (str):
        kind (PlayersRatingHistoryKind | Unset):  Default: 'live'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PlayerRatingHistoryOutput]
    """

    kwargs = _get_kwargs(
        username=username,
        kind=kind,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    username: str,
    *,
    client: AuthenticatedClient,
    kind: PlayersRatingHistoryKind | Unset = "live",
) -> ApiError | PlayerRatingHistoryOutput | None:
    """A player's rating after each standing rated game of one kind, oldest first.

    Args:
        username (str):
        kind (PlayersRatingHistoryKind | Unset):  Default: 'live'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PlayerRatingHistoryOutput
    """

    return sync_detailed(
        username=username,
        client=client,
        kind=kind,
    ).parsed


async def asyncio_detailed(
    username: str,
    *,
    client: AuthenticatedClient,
    kind: PlayersRatingHistoryKind | Unset = "live",
) -> Response[ApiError | PlayerRatingHistoryOutput]:
    """A player's rating after each standing rated game of one kind, oldest first.

    Args:
        username (str):
        kind (PlayersRatingHistoryKind | Unset):  Default: 'live'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PlayerRatingHistoryOutput]
    """

    kwargs = _get_kwargs(
        username=username,
        kind=kind,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    username: str,
    *,
    client: AuthenticatedClient,
    kind: PlayersRatingHistoryKind | Unset = "live",
) -> ApiError | PlayerRatingHistoryOutput | None:
    """A player's rating after each standing rated game of one kind, oldest first.

    Args:
        username (str):
        kind (PlayersRatingHistoryKind | Unset):  Default: 'live'.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PlayerRatingHistoryOutput
    """

    return (
        await asyncio_detailed(
            username=username,
            client=client,
            kind=kind,
        )
    ).parsed
