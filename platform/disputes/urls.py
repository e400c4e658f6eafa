"""Dispute endpoints under /api/v1/ (the staff audit of games is games.urls')."""

from django.urls import path

from disputes import apis

urlpatterns = [
    path("disputes", apis.DisputeListApi.as_view(), name="dispute-list"),
    path("disputes/<int:dispute_id>", apis.DisputeDetailApi.as_view(), name="dispute-detail"),
    path(
        "disputes/<int:dispute_id>/messages",
        apis.DisputeMessageApi.as_view(),
        name="dispute-messages",
    ),
    path("disputes/<int:dispute_id>/claim", apis.DisputeClaimApi.as_view(), name="dispute-claim"),
    path(
        "disputes/<int:dispute_id>/resolve",
        apis.DisputeResolveApi.as_view(),
        name="dispute-resolve",
    ),
    path(
        "disputes/<int:dispute_id>/reject", apis.DisputeRejectApi.as_view(), name="dispute-reject"
    ),
]
