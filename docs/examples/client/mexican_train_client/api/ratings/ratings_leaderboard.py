from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.rating_leaderboard_output import RatingLeaderboardOutput
from ...models.ratings_leaderboard_kind import RatingsLeaderboardKind
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    kind: RatingsLeaderboardKind | Unset = "live",
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_kind: str | Unset = UNSET
    if not isinstance(kind, Unset):
        json_kind = kind

    params["kind"] = json_kind

    params["page"] = page

    params["page_size"] = page_size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/ratings/leaderboard",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | RatingLeaderboardOutput | None:
    if response.status_code == 200:
        response_200 = RatingLeaderboardOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | RatingLeaderboardOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    kind: RatingsLeaderboardKind | Unset = "live",
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[ApiError | RatingLeaderboardOutput]:
    """The best rated people of one kind (bots excluded), best first, a page at a time.

    Args:
        kind (RatingsLeaderboardKind | Unset):  Default: 'live'.
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | RatingLeaderboardOutput]
    """

    kwargs = _get_kwargs(
        kind=kind,
        page=page,
        page_size=page_size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    kind: RatingsLeaderboardKind | Unset = "live",
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> ApiError | RatingLeaderboardOutput | None:
    """The best rated people of one kind (bots excluded), best first, a page at a time.

    Args:
        kind (RatingsLeaderboardKind | Unset):  Default: 'live'.
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | RatingLeaderboardOutput
    """

    return sync_detailed(
        client=client,
        kind=kind,
        page=page,
        page_size=page_size,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    kind: RatingsLeaderboardKind | Unset = "live",
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> Response[ApiError | RatingLeaderboardOutput]:
    """The best rated people of one kind (bots excluded), best first, a page at a time.

    Args:
        kind (RatingsLeaderboardKind | Unset):  Default: 'live'.
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | RatingLeaderboardOutput]
    """

    kwargs = _get_kwargs(
        kind=kind,
        page=page,
        page_size=page_size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    kind: RatingsLeaderboardKind | Unset = "live",
    page: int | Unset = UNSET,
    page_size: int | Unset = UNSET,
) -> ApiError | RatingLeaderboardOutput | None:
    """The best rated people of one kind (bots excluded), best first, a page at a time.

    Args:
        kind (RatingsLeaderboardKind | Unset):  Default: 'live'.
        page (int | Unset):
        page_size (int | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | RatingLeaderboardOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            kind=kind,
            page=page,
            page_size=page_size,
        )
    ).parsed
