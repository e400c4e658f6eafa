from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.dispute_detail_output import DisputeDetailOutput
from ...types import Response


def _get_kwargs(
    dispute_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/disputes/{dispute_id}".format(
            dispute_id=quote(str(dispute_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | DisputeDetailOutput | None:
    if response.status_code == 200:
        response_200 = DisputeDetailOutput.from_dict(response.json())

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

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | DisputeDetailOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    dispute_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | DisputeDetailOutput]:
    """One dispute with its thread (404 unless you are staff or a player in it; 403
    ``own_game`` to staff about a game they played, unless they are in it).

    Args:
        dispute_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | DisputeDetailOutput]
    """

    kwargs = _get_kwargs(
        dispute_id=dispute_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    dispute_id: int,
    *,
    client: AuthenticatedClient,
) -> ApiError | DisputeDetailOutput | None:
    """One dispute with its thread (404 unless you are staff or a player in it; 403
    ``own_game`` to staff about a game they played, unless they are in it).

    Args:
        dispute_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | DisputeDetailOutput
    """

    return sync_detailed(
        dispute_id=dispute_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    dispute_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | DisputeDetailOutput]:
    """One dispute with its thread (404 unless you are staff or a player in it; 403
    ``own_game`` to staff about a game they played, unless they are in it).

    Args:
        dispute_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | DisputeDetailOutput]
    """

    kwargs = _get_kwargs(
        dispute_id=dispute_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    dispute_id: int,
    *,
    client: AuthenticatedClient,
) -> ApiError | DisputeDetailOutput | None:
    """One dispute with its thread (404 unless you are staff or a player in it; 403
    ``own_game`` to staff about a game they played, unless they are in it).

    Args:
        dispute_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | DisputeDetailOutput
    """

    return (
        await asyncio_detailed(
            dispute_id=dispute_id,
            client=client,
        )
    ).parsed
