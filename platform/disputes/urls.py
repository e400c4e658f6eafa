"""Dispute and audit endpoints under /api/v1/."""

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
    path("audit/games/<uuid:game_id>", apis.AuditGameApi.as_view(), name="audit-game"),
    path("audit/games/<uuid:game_id>/steps", apis.AuditStepsApi.as_view(), name="audit-steps"),
    path(
        "audit/games/<uuid:game_id>/positions/<int:seq>",
        apis.AuditPositionApi.as_view(),
        name="audit-position",
    ),
    path("audit/games/<uuid:game_id>/record", apis.AuditRecordApi.as_view(), name="audit-record"),
    path(
        "audit/games/<uuid:game_id>/actions", apis.AuditActionsApi.as_view(), name="audit-actions"
    ),
    path("audit/games/<uuid:game_id>/void", apis.AuditVoidApi.as_view(), name="audit-void"),
    path("audit/games/<uuid:game_id>/award", apis.AuditAwardApi.as_view(), name="audit-award"),
    path(
        "audit/games/<uuid:game_id>/restart-round",
        apis.AuditRestartRoundApi.as_view(),
        name="audit-restart-round",
    ),
    path(
        "audit/games/<uuid:game_id>/reverse-ratings",
        apis.AuditReverseRatingsApi.as_view(),
        name="audit-reverse-ratings",
    ),
]
