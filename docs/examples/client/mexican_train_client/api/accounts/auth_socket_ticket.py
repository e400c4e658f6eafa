from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.socket_ticket_output import SocketTicketOutput
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/socket-ticket",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | SocketTicketOutput | None:
    if response.status_code == 201:
        response_201 = SocketTicketOutput.from_dict(response.json())

        return response_201

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

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
) -> Response[ApiError | SocketTicketOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | SocketTicketOutput]:
    """A single-use ticket to open a socket as yourself: `wss://…/ws/games/<id>/?ticket=<t>`.

    For clients without the session cookie (a browser's socket sends the cookie and needs
    none). Good once, for `expires_in` seconds; the socket then stays bound to the token or
    session that asked for the ticket and is closed (4401) when that ends. Never put the API
    token itself in a URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SocketTicketOutput]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> ApiError | SocketTicketOutput | None:
    """A single-use ticket to open a socket as yourself: `wss://…/ws/games/<id>/?ticket=<t>`.

    For clients without the session cookie (a browser's socket sends the cookie and needs
    none). Good once, for `expires_in` seconds; the socket then stays bound to the token or
    session that asked for the ticket and is closed (4401) when that ends. Never put the API
    token itself in a URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SocketTicketOutput
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[ApiError | SocketTicketOutput]:
    """A single-use ticket to open a socket as yourself: `wss://…/ws/games/<id>/?ticket=<t>`.

    For clients without the session cookie (a browser's socket sends the cookie and needs
    none). Good once, for `expires_in` seconds; the socket then stays bound to the token or
    session that asked for the ticket and is closed (4401) when that ends. Never put the API
    token itself in a URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SocketTicketOutput]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> ApiError | SocketTicketOutput | None:
    """A single-use ticket to open a socket as yourself: `wss://…/ws/games/<id>/?ticket=<t>`.

    For clients without the session cookie (a browser's socket sends the cookie and needs
    none). Good once, for `expires_in` seconds; the socket then stays bound to the token or
    session that asked for the ticket and is closed (4401) when that ends. Never put the API
    token itself in a URL.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SocketTicketOutput
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
