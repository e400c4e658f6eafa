"""Bases of the API views that several apps share."""

from __future__ import annotations

from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from core.throttling import ReadRateThrottle


# Anyone may read it, signed in or not, at the rate of the heavy reads (ReadRateThrottle counts
# GET and HEAD only: a write the view also takes checks its caller and its own limit). No
# docstring: drf-spectacular would give it to each subclass's operation as its description.
class PublicReadApi(APIView):
    permission_classes = [AllowAny]
    throttle_classes = [ReadRateThrottle]
