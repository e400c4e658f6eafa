from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.series_output import SeriesOutput
from ...types import Response


def _get_kwargs(
    series_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/tournament-series/{series_id}".format(
            series_id=quote(str(series_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | SeriesOutput | None:
    if response.status_code == 200:
        response_200 = SeriesOutput.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = ApiError.from_dict(response.json())

        return response_404

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


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | SeriesOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    series_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | SeriesOutput]:
    """
    Args:
        series_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SeriesOutput]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    series_id: int,
    *,
    client: AuthenticatedClient,
) -> ApiError | SeriesOutput | None:
    """
    Args:
        series_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SeriesOutput
    """

    return sync_detailed(
        series_id=series_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    series_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | SeriesOutput]:
    """
    Args:
        series_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SeriesOutput]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    series_id: int,
    *,
    client: AuthenticatedClient,
) -> ApiError | SeriesOutput | None:
    """
    Args:
        series_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SeriesOutput
    """

    return (
        await asyncio_detailed(
            series_id=series_id,
            client=client,
        )
    ).parsed
