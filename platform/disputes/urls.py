"""Dispute endpoints and the staff audit of games (/audit/games/<id>...) under /api/v1/."""

from core.routes import routes
from disputes.apis import DisputeClaimApi
from disputes.apis import DisputeDetailApi
from disputes.apis import DisputeListApi
from disputes.apis import DisputeMessageApi
from disputes.apis import DisputeRejectApi
from disputes.apis import DisputeResolveApi
from disputes.audit_apis import AuditActionsApi
from disputes.audit_apis import AuditAwardApi
from disputes.audit_apis import AuditGameApi
from disputes.audit_apis import AuditPositionApi
from disputes.audit_apis import AuditRecordApi
from disputes.audit_apis import AuditRestartRoundApi
from disputes.audit_apis import AuditReverseRatingsApi
from disputes.audit_apis import AuditStepsApi
from disputes.audit_apis import AuditVoidApi

urlpatterns = routes(
    ("disputes", DisputeListApi, "dispute-list"),
    ("disputes/<int:dispute_id>", DisputeDetailApi, "dispute-detail"),
    ("disputes/<int:dispute_id>/messages", DisputeMessageApi, "dispute-messages"),
    ("disputes/<int:dispute_id>/claim", DisputeClaimApi, "dispute-claim"),
    ("disputes/<int:dispute_id>/resolve", DisputeResolveApi, "dispute-resolve"),
    ("disputes/<int:dispute_id>/reject", DisputeRejectApi, "dispute-reject"),
    # The staff audit of games (disputes.audit_apis).
    ("audit/games/<uuid:game_id>", AuditGameApi, "audit-game"),
    ("audit/games/<uuid:game_id>/steps", AuditStepsApi, "audit-steps"),
    ("audit/games/<uuid:game_id>/positions/<int:seq>", AuditPositionApi, "audit-position"),
    ("audit/games/<uuid:game_id>/record", AuditRecordApi, "audit-record"),
    ("audit/games/<uuid:game_id>/actions", AuditActionsApi, "audit-actions"),
    ("audit/games/<uuid:game_id>/void", AuditVoidApi, "audit-void"),
    ("audit/games/<uuid:game_id>/award", AuditAwardApi, "audit-award"),
    ("audit/games/<uuid:game_id>/restart-round", AuditRestartRoundApi, "audit-restart-round"),
    ("audit/games/<uuid:game_id>/reverse-ratings", AuditReverseRatingsApi, "audit-reverse-ratings"),
)
