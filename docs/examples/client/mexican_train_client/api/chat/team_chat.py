from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.team_chat_page import TeamChatPage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    slug: str,
    *,
    cursor: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/teams/{slug}/chat".format(
            slug=quote(str(slug), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | TeamChatPage | None:
    if response.status_code == 200:
        response_200 = TeamChatPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

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
) -> Response[ApiError | TeamChatPage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[ApiError | TeamChatPage]:
    """A team's chat: its members read and write it (staff read it); refused with
    ``team_chat_closed`` while its leaders closed it or the team is closed.

    Args:
        slug (str):
        cursor (str | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | TeamChatPage]
    """

    kwargs = _get_kwargs(
        slug=slug,
        cursor=cursor,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> ApiError | TeamChatPage | None:
    """A team's chat: its members read and write it (staff read it); refused with
    ``team_chat_closed`` while its leaders closed it or the team is closed.

    Args:
        slug (str):
        cursor (str | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | TeamChatPage
    """

    return sync_detailed(
        slug=slug,
        client=client,
        cursor=cursor,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    slug: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[ApiError | TeamChatPage]:
    """A team's chat: its members read and write it (staff read it); refused with
    ``team_chat_closed`` while its leaders closed it or the team is closed.

    Args:
        slug (str):
        cursor (str | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | TeamChatPage]
    """

    kwargs = _get_kwargs(
        slug=slug,
        cursor=cursor,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> ApiError | TeamChatPage | None:
    """A team's chat: its members read and write it (staff read it); refused with
    ``team_chat_closed`` while its leaders closed it or the team is closed.

    Args:
        slug (str):
        cursor (str | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | TeamChatPage
    """

    return (
        await asyncio_detailed(
            slug=slug,
            client=client,
            cursor=cursor,
            page_size=page_size,
        )
    ).parsed
