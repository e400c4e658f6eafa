from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.push_subscription_list_input_request import PushSubscriptionListInputRequest
from ...models.push_subscription_output import PushSubscriptionOutput
from ...types import Response


def _get_kwargs(
    *,
    body: PushSubscriptionListInputRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/push/subscriptions",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiError | PushSubscriptionOutput | None:
    if response.status_code == 200:
        response_200 = PushSubscriptionOutput.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = PushSubscriptionOutput.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ApiError.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = ApiError.from_dict(response.json())

        return response_415

    if response.status_code == 503:
        response_503 = ApiError.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ApiError | PushSubscriptionOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionListInputRequest,
) -> Response[ApiError | PushSubscriptionOutput]:
    """Your devices that get pushes (newest first), and subscribing one: the browser's
    `PushSubscription.toJSON()` (`endpoint`, `keys`), with the push kinds it wants.

    Subscribing an endpoint again updates it (201 when new, 200 otherwise), under whoever
    signed in on that device last.

    Args:
        body (PushSubscriptionListInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PushSubscriptionOutput]
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
    body: PushSubscriptionListInputRequest,
) -> ApiError | PushSubscriptionOutput | None:
    """Your devices that get pushes (newest first), and subscribing one: the browser's
    `PushSubscription.toJSON()` (`endpoint`, `keys`), with the push kinds it wants.

    Subscribing an endpoint again updates it (201 when new, 200 otherwise), under whoever
    signed in on that device last.

    Args:
        body (PushSubscriptionListInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PushSubscriptionOutput
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionListInputRequest,
) -> Response[ApiError | PushSubscriptionOutput]:
    """Your devices that get pushes (newest first), and subscribing one: the browser's
    `PushSubscription.toJSON()` (`endpoint`, `keys`), with the push kinds it wants.

    Subscribing an endpoint again updates it (201 when new, 200 otherwise), under whoever
    signed in on that device last.

    Args:
        body (PushSubscriptionListInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PushSubscriptionOutput]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PushSubscriptionListInputRequest,
) -> ApiError | PushSubscriptionOutput | None:
    """Your devices that get pushes (newest first), and subscribing one: the browser's
    `PushSubscription.toJSON()` (`endpoint`, `keys`), with the push kinds it wants.

    Subscribing an endpoint again updates it (201 when new, 200 otherwise), under whoever
    signed in on that device last.

    Args:
        body (PushSubscriptionListInputRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PushSubscriptionOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
