"""Dispute endpoints and the staff audit of games (/audit/games/<id>...) under /api/v1/."""

from django.urls import path

from disputes import apis
from disputes import audit_apis

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
    # The staff audit of games (disputes.audit_apis).
    path("audit/games/<uuid:game_id>", audit_apis.AuditGameApi.as_view(), name="audit-game"),
    path(
        "audit/games/<uuid:game_id>/steps", audit_apis.AuditStepsApi.as_view(), name="audit-steps"
    ),
    path(
        "audit/games/<uuid:game_id>/positions/<int:seq>",
        audit_apis.AuditPositionApi.as_view(),
        name="audit-position",
    ),
    path(
        "audit/games/<uuid:game_id>/record",
        audit_apis.AuditRecordApi.as_view(),
        name="audit-record",
    ),
    path(
        "audit/games/<uuid:game_id>/actions",
        audit_apis.AuditActionsApi.as_view(),
        name="audit-actions",
    ),
    path("audit/games/<uuid:game_id>/void", audit_apis.AuditVoidApi.as_view(), name="audit-void"),
    path(
        "audit/games/<uuid:game_id>/award", audit_apis.AuditAwardApi.as_view(), name="audit-award"
    ),
    path(
        "audit/games/<uuid:game_id>/restart-round",
        audit_apis.AuditRestartRoundApi.as_view(),
        name="audit-restart-round",
    ),
    path(
        "audit/games/<uuid:game_id>/reverse-ratings",
        audit_apis.AuditReverseRatingsApi.as_view(),
        name="audit-reverse-ratings",
    ),
]
