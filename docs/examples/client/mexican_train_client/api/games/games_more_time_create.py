from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.more_time_input_request import MoreTimeInputRequest
from ...models.move_output import MoveOutput
from ...types import Response


def _get_kwargs(
    game_id: UUID,
    *,
    body: MoreTimeInputRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games/{game_id}/more-time".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ApiError | MoveOutput | None:
    if response.status_code == 201:
        response_201 = MoveOutput.from_dict(response.json())

        return response_201

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

    if response.status_code == 409:
        response_409 = ApiError.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = ApiError.from_dict(response.json())

        return response_415

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
) -> Response[ApiError | MoveOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoreTimeInputRequest,
) -> Response[ApiError | MoveOutput]:
    """Give the seat to move more time on its current move (games.more_time): 15 to 300 seconds
    at a live table, 86400 to 604800 (1 to 7 days) at a correspondence one. Logged as a
    MoreTimeGiven event every viewer sees; the game's `deadline` moves back by `seconds`.

    Args:
        game_id (UUID):
        body (MoreTimeInputRequest): More time for the seat to move (games.more_time), by REST or
            the socket's ``more_time``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MoveOutput]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoreTimeInputRequest,
) -> ApiError | MoveOutput | None:
    """Give the seat to move more time on its current move (games.more_time): 15 to 300 seconds
    at a live table, 86400 to 604800 (1 to 7 days) at a correspondence one. Logged as a
    MoreTimeGiven event every viewer sees; the game's `deadline` moves back by `seconds`.

    Args:
        game_id (UUID):
        body (MoreTimeInputRequest): More time for the seat to move (games.more_time), by REST or
            the socket's ``more_time``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MoveOutput
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoreTimeInputRequest,
) -> Response[ApiError | MoveOutput]:
    """Give the seat to move more time on its current move (games.more_time): 15 to 300 seconds
    at a live table, 86400 to 604800 (1 to 7 days) at a correspondence one. Logged as a
    MoreTimeGiven event every viewer sees; the game's `deadline` moves back by `seconds`.

    Args:
        game_id (UUID):
        body (MoreTimeInputRequest): More time for the seat to move (games.more_time), by REST or
            the socket's ``more_time``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | MoveOutput]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    body: MoreTimeInputRequest,
) -> ApiError | MoveOutput | None:
    """Give the seat to move more time on its current move (games.more_time): 15 to 300 seconds
    at a live table, 86400 to 604800 (1 to 7 days) at a correspondence one. Logged as a
    MoreTimeGiven event every viewer sees; the game's `deadline` moves back by `seconds`.

    Args:
        game_id (UUID):
        body (MoreTimeInputRequest): More time for the seat to move (games.more_time), by REST or
            the socket's ``more_time``.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | MoveOutput
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            body=body,
        )
    ).parsed
