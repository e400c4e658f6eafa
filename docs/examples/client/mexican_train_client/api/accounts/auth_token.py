from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.auth_token_obtain_input_request import AuthTokenObtainInputRequest
from ...models.new_token_output import NewTokenOutput
from ...types import Response


def _get_kwargs(
    *,
    body: AuthTokenObtainInputRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/token",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | NewTokenOutput | None:
    if response.status_code == 200:
        response_200 = NewTokenOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

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
) -> Response[ApiError | NewTokenOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AuthTokenObtainInputRequest,
) -> Response[ApiError | NewTokenOutput]:
    """Exchange a username and password for a new API token (`Authorization: Token <key>`).

    Each client names its token (`name`, default "api"); asking again under the same name
    replaces that token. Tokens expire (`expiry`); list and revoke them at /auth/tokens.

    Args:
        body (AuthTokenObtainInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | NewTokenOutput]
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
    client: AuthenticatedClient | Client,
    body: AuthTokenObtainInputRequest,
) -> ApiError | NewTokenOutput | None:
    """Exchange a username and password for a new API token (`Authorization: Token <key>`).

    Each client names its token (`name`, default "api"); asking again under the same name
    replaces that token. Tokens expire (`expiry`); list and revoke them at /auth/tokens.

    Args:
        body (AuthTokenObtainInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | NewTokenOutput
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AuthTokenObtainInputRequest,
) -> Response[ApiError | NewTokenOutput]:
    """Exchange a username and password for a new API token (`Authorization: Token <key>`).

    Each client names its token (`name`, default "api"); asking again under the same name
    replaces that token. Tokens expire (`expiry`); list and revoke them at /auth/tokens.

    Args:
        body (AuthTokenObtainInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | NewTokenOutput]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AuthTokenObtainInputRequest,
) -> ApiError | NewTokenOutput | None:
    """Exchange a username and password for a new API token (`Authorization: Token <key>`).

    Each client names its token (`name`, default "api"); asking again under the same name
    replaces that token. Tokens expire (`expiry`); list and revoke them at /auth/tokens.

    Args:
        body (AuthTokenObtainInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | NewTokenOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
