"""Receipts a player attached to a dispute, with what checking them against the log said."""

from django.conf import settings
from django.db import models

from core.model_fields import optional_foreign_key


class ReceiptCheck(models.Model):
    """Move receipts submitted with a dispute (or one of its messages), checked when submitted:
    the verdicts are kept, so staff see what the log said then even if it changed since."""

    dispute = models.ForeignKey(
        "disputes.Dispute", on_delete=models.CASCADE, related_name="receipt_checks"
    )
    message = optional_foreign_key(
        "disputes.DisputeMessage", on_delete=models.CASCADE, related_name="receipt_checks"
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="receipt_checks"
    )
    receipts = models.JSONField()
    results = models.JSONField()  # trust.receipts.receipts_check's answer, one per receipt
    matches = models.BooleanField()  # every verdict was ok
    head_seq = models.PositiveIntegerField()  # the log's head when checked
    checked_at = models.DateTimeField()

    class Meta:
        ordering = ["checked_at", "pk"]

    def __str__(self) -> str:
        verdict = "matches" if self.matches else "does NOT match"
        return f"receipts on dispute {self.dispute_id}: the log {verdict}"
