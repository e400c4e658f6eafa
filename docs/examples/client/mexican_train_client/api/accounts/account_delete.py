from http import HTTPStatus
from typing import Any, cast

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.account_delete_input_request import AccountDeleteInputRequest
from ...models.api_error import ApiError
from ...types import Response


def _get_kwargs(
    *,
    body: AccountDeleteInputRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/account/delete",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ApiError | None:
    if response.status_code == 204:
        response_204 = cast(Any, None)
        return response_204

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ApiError.from_dict(response.json())

        return response_403

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ApiError]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: AccountDeleteInputRequest,
) -> Response[Any | ApiError]:
    """Delete your account: give your password again and ``"confirm": true``.

    The account is pseudonymized, not removed (accounts.deletion): every token and session
    ends, the name, email and password go, and the games, ratings and disputes it took part in
    stay, showing "deleted player". Refused (409 ``account_has_active_games``, listing them in
    ``games`` and ``tournaments``) while you hold a seat at an open or active table or an entry
    in a tournament that has not ended. Bot accounts cannot be deleted.

    Args:
        body (AccountDeleteInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: AccountDeleteInputRequest,
) -> Any | ApiError | None:
    """Delete your account: give your password again and ``"confirm": true``.

    The account is pseudonymized, not removed (accounts.deletion): every token and session
    ends, the name, email and password go, and the games, ratings and disputes it took part in
    stay, showing "deleted player". Refused (409 ``account_has_active_games``, listing them in
    ``games`` and ``tournaments``) while you hold a seat at an open or active table or an entry
    in a tournament that has not ended. Bot accounts cannot be deleted.

    Args:
        body (AccountDeleteInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: AccountDeleteInputRequest,
) -> Response[Any | ApiError]:
    """Delete your account: give your password again and ``"confirm": true``.

    The account is pseudonymized, not removed (accounts.deletion): every token and session
    ends, the name, email and password go, and the games, ratings and disputes it took part in
    stay, showing "deleted player". Refused (409 ``account_has_active_games``, listing them in
    ``games`` and ``tournaments``) while you hold a seat at an open or active table or an entry
    in a tournament that has not ended. Bot accounts cannot be deleted.

    Args:
        body (AccountDeleteInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ApiError]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: AccountDeleteInputRequest,
) -> Any | ApiError | None:
    """Delete your account: give your password again and ``"confirm": true``.

    The account is pseudonymized, not removed (accounts.deletion): every token and session
    ends, the name, email and password go, and the games, ratings and disputes it took part in
    stay, showing "deleted player". Refused (409 ``account_has_active_games``, listing them in
    ``games`` and ``tournaments``) while you hold a seat at an open or active table or an entry
    in a tournament that has not ended. Bot accounts cannot be deleted.

    Args:
        body (AccountDeleteInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ApiError
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
