from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.session_login_input_request import SessionLoginInputRequest
from ...models.session_login_output import SessionLoginOutput
from ...types import Response


def _get_kwargs(
    *,
    body: SessionLoginInputRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/auth/login",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | SessionLoginOutput | None:
    if response.status_code == 200:
        response_200 = SessionLoginOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ApiError.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ApiError.from_dict(response.json())

        return response_401

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
) -> Response[ApiError | SessionLoginOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionLoginInputRequest,
) -> Response[ApiError | SessionLoginOutput]:
    """Log the browser in: sets the `sessionid` cookie and a fresh `csrftoken` cookie.

    CSRF: this endpoint needs no CSRF token, so a fresh browser can call it. It runs without
    authentication classes (DRF's SessionAuthentication would demand a token from a browser
    that is already logged in). It is still not a login-CSRF hole: it only parses
    `application/json`, which a cross-site form cannot send and cross-site `fetch` cannot
    send without a CORS preflight that this server never grants. After login, read the
    `csrftoken` cookie and send it as `X-CSRFToken` on every unsafe request.

    Args:
        body (SessionLoginInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SessionLoginOutput]
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
    body: SessionLoginInputRequest,
) -> ApiError | SessionLoginOutput | None:
    """Log the browser in: sets the `sessionid` cookie and a fresh `csrftoken` cookie.

    CSRF: this endpoint needs no CSRF token, so a fresh browser can call it. It runs without
    authentication classes (DRF's SessionAuthentication would demand a token from a browser
    that is already logged in). It is still not a login-CSRF hole: it only parses
    `application/json`, which a cross-site form cannot send and cross-site `fetch` cannot
    send without a CORS preflight that this server never grants. After login, read the
    `csrftoken` cookie and send it as `X-CSRFToken` on every unsafe request.

    Args:
        body (SessionLoginInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SessionLoginOutput
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SessionLoginInputRequest,
) -> Response[ApiError | SessionLoginOutput]:
    """Log the browser in: sets the `sessionid` cookie and a fresh `csrftoken` cookie.

    CSRF: this endpoint needs no CSRF token, so a fresh browser can call it. It runs without
    authentication classes (DRF's SessionAuthentication would demand a token from a browser
    that is already logged in). It is still not a login-CSRF hole: it only parses
    `application/json`, which a cross-site form cannot send and cross-site `fetch` cannot
    send without a CORS preflight that this server never grants. After login, read the
    `csrftoken` cookie and send it as `X-CSRFToken` on every unsafe request.

    Args:
        body (SessionLoginInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | SessionLoginOutput]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SessionLoginInputRequest,
) -> ApiError | SessionLoginOutput | None:
    """Log the browser in: sets the `sessionid` cookie and a fresh `csrftoken` cookie.

    CSRF: this endpoint needs no CSRF token, so a fresh browser can call it. It runs without
    authentication classes (DRF's SessionAuthentication would demand a token from a browser
    that is already logged in). It is still not a login-CSRF hole: it only parses
    `application/json`, which a cross-site form cannot send and cross-site `fetch` cannot
    send without a CORS preflight that this server never grants. After login, read the
    `csrftoken` cookie and send it as `X-CSRFToken` on every unsafe request.

    Args:
        body (SessionLoginInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | SessionLoginOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
