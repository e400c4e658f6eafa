"""The rating arithmetic, free of Django: OpenSkill's Plackett–Luce model over table places.

A rating is a belief about a player's skill: a mean ``mu`` and an uncertainty ``sigma``. After
a game the model moves every seat's belief from the order the table finished in: a place
counts as a win over every seat below it and a loss to every seat above it, ties (a shared
place) as draws (EXPECTATIONS, Ratings).

The number people see is the *ordinal*, ``mu - 3 * sigma`` — a skill the player almost surely
has (it rewards playing enough games to be known) — shown on a familiar scale:

    rating = 1500 + 20 * (mu - 3 * sigma)

A newcomer (mu 25, sigma 25/3) has ordinal 0 and so shows 1500. Every game makes sigma
smaller, so the shown rating of a player who keeps their level drifts up as they become known
(at mu 25: 1600 at sigma 6.7, 1750 at sigma 4.2), while a 20-point step in the shown rating is
one point of mu. A rating is *provisional* until the player has finished ``PROVISIONAL_GAMES``
rated games of that kind: its sigma is still high then (about 6.5 after ten 2- or 4-seat
games), so the number says little.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
Z = 3.0  # the ordinal is mu - Z * sigma
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20
PROVISIONAL_GAMES = 10
SIGMA_FLOOR = 0.5  # a reversal by delta never leaves a belief more certain than this

# Bots are opponents, not rated players: each strategy has a fixed belief, never updated and
# never stored. The means come from bot-against-bot self-play (4 seats, double-9 set, 3
# rounds, fitted with this model): random ≈ greedy - 5.5, smart ≈ greedy + 11, the
# Monte-Carlo bot slightly above smart. The greedy bot — the default, and what plays a seat
# whose player left — is anchored at a newcomer's prior mean. The small sigma says the
# platform knows its bots: a human's update against them is not damped by their uncertainty.
BOT_SIGMA = 2.0
BOT_MU = {"random": 19.5, "greedy": 25.0, "smart": 36.0, "mc": 38.0, "strong": 38.0}
BOT_MU_DEFAULT = 25.0


@cache
def model() -> PlackettLuce:
    """Return the shared Plackett–Luce model (default mu, sigma, beta and tau)."""
    return PlackettLuce(mu=MU, sigma=SIGMA)


def ordinal(mu: float, sigma: float) -> float:
    """Return the conservative skill estimate ``mu - 3 sigma``; leaderboards sort by it."""
    return mu - Z * sigma


def display(mu: float, sigma: float) -> int:
    """Return the rating shown to people: the ordinal on the 1500-based scale."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma))


def provisional(games: int) -> bool:
    """Tell whether a rating from ``games`` rated games is still provisional."""
    return games < PROVISIONAL_GAMES


def bot_belief(strategy: str) -> tuple[float, float]:
    """Return the fixed (mu, sigma) a bot of ``strategy`` plays at."""
    return BOT_MU.get(strategy, BOT_MU_DEFAULT), BOT_SIGMA


def ranks(places: Sequence[int], left: Sequence[bool]) -> list[int]:
    """Return each seat's rank: the game's place, except that every seat whose player left
    (resigned or forfeited) ranks below every seat that stayed, the leavers tied.

    Ranks count from 1 and ties share one, the next being skipped (1, 1, 3), like RULES R23.
    """
    keys = [(1, 0) if gone else (0, place) for place, gone in zip(places, left, strict=True)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def rate(beliefs: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """Return every seat's (mu, sigma) after a game the seats finished in ``ranks`` (1 best)."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in beliefs]
    after = m.rate(teams, ranks=list(ranks))
    return [(team[0].mu, team[0].sigma) for team in after]


def without(
    current: tuple[float, float],
    before: tuple[float, float],
    after: tuple[float, float],
) -> tuple[float, float]:
    """Return ``current`` with one game's change (``before`` -> ``after``) taken out.

    Used when later games were rated on top of the reversed one, so its exact ``before``
    cannot come back: mu loses the game's delta, sigma regains what the game took from it
    (kept between ``SIGMA_FLOOR`` and a newcomer's sigma).
    """
    mu = current[0] - (after[0] - before[0])
    sigma = current[1] + (before[1] - after[1])
    return mu, min(max(sigma, SIGMA_FLOOR), SIGMA)
