"""A player's disputes in their data export (accounts.registry, accounts.export)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from accounts.export import iso
from accounts.registry import register_export_section


def disputes_export(user) -> list[dict[str, Any]]:
    from disputes.apis import dispute_names
    from disputes.models import Dispute

    rows = (
        Dispute.objects.filter(Q(opened_by=user) | Q(involved=user))
        .distinct()
        .select_related("game", "opened_by", "claimed_by")
        .prefetch_related("involved", "messages__author")
        .order_by("created_at", "pk")
    )
    out = []
    for d in rows:
        names = dispute_names(d)
        out.append(
            {
                "id": d.pk,
                "game": str(d.game_id),
                "category": d.category,
                "reason": d.reason,
                "seq": d.seq,
                "status": d.status,
                "opened_by": names.of(d.opened_by),
                "involved": sorted(names.of(u) for u in d.involved.all()),
                "resolution": d.resolution,
                "created_at": iso(d.created_at),
                "closed_at": iso(d.closed_at),
                "messages": [
                    {
                        "author": names.of(m.author),
                        "from_staff": m.from_staff,
                        "kind": m.kind,
                        "body": m.body,
                        "created_at": iso(m.created_at),
                    }
                    for m in d.messages.all()
                ],
            }
        )
    return out


def register() -> None:
    register_export_section("disputes", disputes_export)
