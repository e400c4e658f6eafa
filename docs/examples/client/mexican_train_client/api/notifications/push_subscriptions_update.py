from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.api_error import ApiError
from ...models.patched_push_subscription_detail_input_request import PatchedPushSubscriptionDetailInputRequest
from ...models.push_subscription_output import PushSubscriptionOutput
from ...types import UNSET, Response, Unset


def _get_kwargs(
    subscription_id: int,
    *,
    body: PatchedPushSubscriptionDetailInputRequest | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/push/subscriptions/{subscription_id}".format(
            subscription_id=quote(str(subscription_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
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
    subscription_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedPushSubscriptionDetailInputRequest | Unset = UNSET,
) -> Response[ApiError | PushSubscriptionOutput]:
    """One of your devices: change the push kinds it gets (or its label), or unsubscribe it.
    Anyone else's answers 404.

    Args:
        subscription_id (int):
        body (PatchedPushSubscriptionDetailInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PushSubscriptionOutput]
    """

    kwargs = _get_kwargs(
        subscription_id=subscription_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    subscription_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedPushSubscriptionDetailInputRequest | Unset = UNSET,
) -> ApiError | PushSubscriptionOutput | None:
    """One of your devices: change the push kinds it gets (or its label), or unsubscribe it.
    Anyone else's answers 404.

    Args:
        subscription_id (int):
        body (PatchedPushSubscriptionDetailInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PushSubscriptionOutput
    """

    return sync_detailed(
        subscription_id=subscription_id,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    subscription_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedPushSubscriptionDetailInputRequest | Unset = UNSET,
) -> Response[ApiError | PushSubscriptionOutput]:
    """One of your devices: change the push kinds it gets (or its label), or unsubscribe it.
    Anyone else's answers 404.

    Args:
        subscription_id (int):
        body (PatchedPushSubscriptionDetailInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiError | PushSubscriptionOutput]
    """

    kwargs = _get_kwargs(
        subscription_id=subscription_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    subscription_id: int,
    *,
    client: AuthenticatedClient,
    body: PatchedPushSubscriptionDetailInputRequest | Unset = UNSET,
) -> ApiError | PushSubscriptionOutput | None:
    """One of your devices: change the push kinds it gets (or its label), or unsubscribe it.
    Anyone else's answers 404.

    Args:
        subscription_id (int):
        body (PatchedPushSubscriptionDetailInputRequest | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiError | PushSubscriptionOutput
    """

    return (
        await asyncio_detailed(
            subscription_id=subscription_id,
            client=client,
            body=body,
        )
    ).parsed
