"""notifications 0002 and accounts 0008: User.email_turns moves into EmailPreference (one place
for every email choice), a notification once marked ``emailed`` keeps a time, the old rows
keep their words."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0007_language_sounds"), ("notifications", "0001_initial")]
AFTER = [
    ("accounts", "0008_email_turns_to_preferences"),
    ("notifications", "0002_kind_params_email"),
]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_email_turns_and_emailed_move_to_their_new_places():
    old = migrate(BEFORE)
    User = old.get_model("accounts", "User")
    Notification = old.get_model("notifications", "Notification")
    off = User.objects.create(username="off", username_skeleton="off", email_turns=False)
    on = User.objects.create(username="on", username_skeleton="on", email_turns=True)
    sent = Notification.objects.create(
        user=off,
        kind="your_turn",
        text="Your turn at X",
        created_at="2026-01-02T03:04Z",
        emailed=True,
    )
    Notification.objects.create(
        user=on, kind="dispute", text="Old words", created_at="2026-01-02T03:04Z"
    )

    new = migrate(AFTER)
    Preference = new.get_model("notifications", "EmailPreference")
    assert list(Preference.objects.values_list("user__username", "kind", "enabled")) == [
        ("off", "your_turn", False)
    ]
    Notification = new.get_model("notifications", "Notification")
    rows = {n.kind: n for n in Notification.objects.all()}
    assert rows["your_turn"].emailed_at.isoformat().startswith("2026-01-02T03:04")
    assert rows["dispute"].emailed_at is None
    assert rows["dispute"].params == {}
    assert sent.pk == rows["your_turn"].pk

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # today's models next
    from accounts.models import User as Current
    from notifications.services import email_preferences

    assert email_preferences(Current.objects.get(username="off"))["your_turn"] is False
    assert email_preferences(Current.objects.get(username="on"))["your_turn"] is True

    # And back: email_turns is restored from the preference.
    back = migrate(BEFORE)
    assert not back.get_model("accounts", "User").objects.get(username="off").email_turns
    assert back.get_model("notifications", "Notification").objects.filter(emailed=True).count() == 1
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # as the next tests need
