from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.game_page import GamePage
from ...models.games_list_status import GamesListStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    cursor: str | Unset = UNSET,
    mine: bool | Unset = False,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["mine"] = mine

    params["page"] = page

    params["page_size"] = page_size

    json_status: str | Unset = UNSET
    if not isinstance(status, Unset):
        json_status = status

    params["status"] = json_status

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | GamePage | None:
    if response.status_code == 200:
        response_200 = GamePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = ApiError.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ApiError | GamePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    mine: bool | Unset = False,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[ApiError | GamePage]:
    """
    Args:
        cursor (str | Unset):
        mine (bool | Unset):  Default: False.
        page (int | Unset):
        page_size (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | GamePage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        mine=mine,
        page=page,
        page_size=page_size,
        status=status,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    mine: bool | Unset = False,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> ApiError | GamePage | None:
    """
    Args:
        cursor (str | Unset):
        mine (bool | Unset):  Default: False.
        page (int | Unset):
        page_size (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | GamePage
    """

    return sync_detailed(
        client=client,
        cursor=cursor,
        mine=mine,
        page=page,
        page_size=page_size,
        status=status,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    mine: bool | Unset = False,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> Response[ApiError | GamePage]:
    """
    Args:
        cursor (str | Unset):
        mine (bool | Unset):  Default: False.
        page (int | Unset):
        page_size (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | GamePage]
    """

    kwargs = _get_kwargs(
        cursor=cursor,
        mine=mine,
        page=page,
        page_size=page_size,
        status=status,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    mine: bool | Unset = False,
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
    status: GamesListStatus | Unset = UNSET,
) -> ApiError | GamePage | None:
    """
    Args:
        cursor (str | Unset):
        mine (bool | Unset):  Default: False.
        page (int | Unset):
        page_size (int | Unset):
        status (GamesListStatus | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | GamePage
    """

    return (
        await asyncio_detailed(
            client=client,
            cursor=cursor,
            mine=mine,
            page=page,
            page_size=page_size,
            status=status,
        )
    ).parsed
