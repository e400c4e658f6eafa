"""``GET /.well-known/mexican-train-keys.json``: the public keys the platform signs with."""

from django.http import JsonResponse
from django.views.decorators.http import require_safe

from signing.keys import published_keys

# Keys change rarely (a rotation is announced by publishing the new key); five minutes of
# caching keeps verifiers and proxies from asking on every check.
MAX_AGE = 300


@require_safe
def published_keys_view(request):
    """Answer the published keys: current first, then retired ones, each with its validity."""
    response = JsonResponse({"keys": published_keys()})
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    # Public data: a verifier running in a browser on another origin may read it.
    response["Access-Control-Allow-Origin"] = "*"
    return response
