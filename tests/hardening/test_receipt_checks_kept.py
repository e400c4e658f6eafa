"""What a dispute's receipts were checked against, attacked with the app's own database role:
it could DELETE (or rewrite) the stored receipt-check results, so whoever held the web
process's credentials could erase the evidence a player filed. Now the role may only read and
add them, and a trigger refuses UPDATE and DELETE to everyone, as for the event table."""

from __future__ import annotations

import psycopg
import pytest
from django.db import DatabaseError
from django.db import transaction

from disputes import services as dispute_services
from eventstore import roles
from tests.hardening.test_log_rewrite import app_role  # noqa: F401 — a fixture
from tests.hardening.test_log_rewrite import finished  # noqa: F401 — a fixture
from trust.models import ReceiptCheck
from trust.services import receipts_attach

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def kept(finished):  # noqa: F811 — the fixture imported above
    ana = finished.seats.get(index=0).user
    dispute = dispute_services.dispute_open(
        user=ana, game_id=finished.id, category="other", reason="my receipt says otherwise"
    )
    check = receipts_attach(dispute=dispute, user=ana, receipts=[{"seq": 1}])
    return check


def test_the_receipt_checks_are_registered_append_only():
    assert ReceiptCheck._meta.db_table in roles.APPEND_ONLY_TABLES


def test_the_app_role_cannot_delete_or_rewrite_a_receipt_check(app_role, kept):  # noqa: F811
    table = ReceiptCheck._meta.db_table
    for statement in (
        f"DELETE FROM {table}",
        f"UPDATE {table} SET matches = true, results = '[]'",
        f"TRUNCATE {table}",
    ):
        with app_role() as conn, pytest.raises(psycopg.Error, match="permission denied"):
            conn.execute(statement)
    with app_role() as conn:  # reading and adding stay allowed
        assert conn.execute(f"SELECT count(*) FROM {table}").fetchone() == (1,)
    kept.refresh_from_db()
    assert kept.results
    assert kept.head_seq >= 1


def test_not_even_the_owner_rewrites_one_without_switching_the_trigger_off(kept):
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        ReceiptCheck.objects.filter(pk=kept.pk).update(matches=not kept.matches)
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        ReceiptCheck.objects.filter(pk=kept.pk).delete()
    assert ReceiptCheck.objects.filter(pk=kept.pk).exists()
