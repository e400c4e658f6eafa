from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.audit_position_response_200 import AuditPositionResponse200
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    seq: int,
    *,
    seat: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["seat"] = seat

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/audit/games/{game_id}/positions/{seq}".format(
            game_id=quote(str(game_id), safe=""),
            seq=quote(str(seq), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | AuditPositionResponse200 | None:
    if response.status_code == 200:
        response_200 = AuditPositionResponse200.from_dict(response.json())

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
) -> Response[ApiError | AuditPositionResponse200]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    seq: int,
    *,
    client: AuthenticatedClient,
    seat: str | Unset = UNSET,
) -> Response[ApiError | AuditPositionResponse200]:
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`).

    Args:
        game_id (UUID):
        seq (int):
        seat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | AuditPositionResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seq=seq,
        seat=seat,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    seq: int,
    *,
    client: AuthenticatedClient,
    seat: str | Unset = UNSET,
) -> ApiError | AuditPositionResponse200 | None:
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`).

    Args:
        game_id (UUID):
        seq (int):
        seat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | AuditPositionResponse200
    """

    return sync_detailed(
        game_id=game_id,
        seq=seq,
        client=client,
        seat=seat,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    seq: int,
    *,
    client: AuthenticatedClient,
    seat: str | Unset = UNSET,
) -> Response[ApiError | AuditPositionResponse200]:
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`).

    Args:
        game_id (UUID):
        seq (int):
        seat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | AuditPositionResponse200]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        seq=seq,
        seat=seat,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    seq: int,
    *,
    client: AuthenticatedClient,
    seat: str | Unset = UNSET,
) -> ApiError | AuditPositionResponse200 | None:
    """Staff: the position at one seq: exactly `view(state, seat)`, or everything (`all`).

    Args:
        game_id (UUID):
        seq (int):
        seat (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | AuditPositionResponse200
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            seq=seq,
            client=client,
            seat=seat,
        )
    ).parsed
