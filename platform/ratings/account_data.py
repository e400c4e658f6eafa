"""A player's ratings in their data export (accounts.registry, accounts.export)."""

from __future__ import annotations

from typing import Any

from accounts.export import iso
from accounts.registry import register_export_section


def ratings_export(user) -> dict[str, Any]:
    from ratings.models import Rating
    from ratings.models import RatingChange

    return {
        "current": [
            {
                "kind": r.kind,
                "mu": r.mu,
                "sigma": r.sigma,
                "games": r.games,
                "updated_at": iso(r.updated_at),
            }
            for r in Rating.objects.filter(user=user).order_by("kind")
        ],
        "history": [
            {
                "game": str(c.game_id),
                "kind": c.kind,
                "seat": c.seat,
                "place": c.place,
                "players": c.players,
                "left": c.left,
                "before": c.display_before,
                "after": c.display_after,
                "mu_before": c.mu_before,
                "sigma_before": c.sigma_before,
                "mu_after": c.mu_after,
                "sigma_after": c.sigma_after,
                "at": iso(c.created_at),
                "reversed_at": iso(c.reversed_at),
            }
            for c in RatingChange.objects.filter(user=user).order_by("pk")
        ],
    }


def register() -> None:
    register_export_section("ratings", ratings_export)
