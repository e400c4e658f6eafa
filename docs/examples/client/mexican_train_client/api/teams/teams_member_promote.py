from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.team_detail_output import TeamDetailOutput
from ...types import Response


def _get_kwargs(
    slug: str,
    username: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/teams/{slug}/members/{username}/promote".format(
            slug=quote(str(slug), safe=""),
            username=quote(str(username), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | TeamDetailOutput | None:
    if response.status_code == 200:
        response_200 = TeamDetailOutput.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = ApiError.from_dict(response.json())

        return response_409

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | TeamDetailOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    slug: str,
    username: str,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | TeamDetailOutput]:
    """Leaders: remove a member (a leader is demoted first; the removed player may come back
    only by a request a leader accepts), make a member a leader, or a leader a member again
    (the founder only by themselves).

    Args:
        slug (str):
        username (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | TeamDetailOutput]
    """

    kwargs = _get_kwargs(
        slug=slug,
        username=username,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    slug: str,
    username: str,
    *,
    client: AuthenticatedClient,
) -> ApiError | TeamDetailOutput | None:
    """Leaders: remove a member (a leader is demoted first; the removed player may come back
    only by a request a leader accepts), make a member a leader, or a leader a member again
    (the founder only by themselves).

    Args:
        slug (str):
        username (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | TeamDetailOutput
    """

    return sync_detailed(
        slug=slug,
        username=username,
        client=client,
    ).parsed


async def asyncio_detailed(
    slug: str,
    username: str,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | TeamDetailOutput]:
    """Leaders: remove a member (a leader is demoted first; the removed player may come back
    only by a request a leader accepts), make a member a leader, or a leader a member again
    (the founder only by themselves).

    Args:
        slug (str):
        username (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | TeamDetailOutput]
    """

    kwargs = _get_kwargs(
        slug=slug,
        username=username,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    slug: str,
    username: str,
    *,
    client: AuthenticatedClient,
) -> ApiError | TeamDetailOutput | None:
    """Leaders: remove a member (a leader is demoted first; the removed player may come back
    only by a request a leader accepts), make a member a leader, or a leader a member again
    (the founder only by themselves).

    Args:
        slug (str):
        username (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | TeamDetailOutput
    """

    return (
        await asyncio_detailed(
            slug=slug,
            username=username,
            client=client,
        )
    ).parsed
