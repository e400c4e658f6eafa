"""Challenges: one player asks another, from their profile, to a private table (issue 17).

The challenge carries the table's settings: seats (the two players, then bots of one strategy
for the rest), hand table and variants, time control, rated or not. The challenged player is
notified (kind ``challenge``) and accepts or declines; the challenger may cancel while it
waits; a challenge left unanswered for ``CHALLENGE_EXPIRY_MINUTES`` expires. It expires by
reading the clock, not by a task: nothing has to happen at that moment but that it can no
longer be accepted, so a pending row past its time simply reads as expired.

Accepting opens the private table (games.invites) with both seated, challenger first, and the
bots, and starts it at once, as Lichess does. The challenge's row is locked first and points at
its one game, so accepting twice at the same moment opens one table.

Rated challenges follow the rated-eligibility rules (ratings.selectors): the challenger must be
eligible to send one, the challenged to accept it. Limits: ``RATE_LIMIT_CHALLENGE`` sent per
user, and at most ``CHALLENGES_PENDING_PER_USER`` waiting at once (``too_many_challenges``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from accounts.services import bot_account_get_or_create
from core import clock
from core import throttling
from core.errors import ApplicationError
from core.errors import Conflict
from core.errors import Forbidden
from core.errors import NotFound
from games import invites
from games import services
from games.eligibility import rated_eligibility_check
from games.errors import GameError
from games.models import Challenge
from games.models import ChallengeStatus
from notifications.services import notify

CHALLENGE_SCOPE = "challenge"  # settings.RATE_LIMITS
LISTED = 50  # answered challenges shown besides the pending ones


def _expiry() -> timedelta:
    return timedelta(minutes=max(int(settings.CHALLENGE_EXPIRY_MINUTES), 1))


def status_of(challenge: Challenge, now=None) -> str:
    """The challenge's status as of ``now``: a pending one past its time reads as expired."""
    now = now or clock.now()
    if challenge.status == ChallengeStatus.PENDING and challenge.expires_at <= now:
        return ChallengeStatus.EXPIRED
    return challenge.status


def _check_settings(
    *, players: int, bot_strategy: str, hand_table: str, variants: dict, time_control: dict
) -> dict[str, Any]:
    """Refuse settings a table could not be opened with, now rather than at the accept;
    return the validated time control."""
    if bot_strategy not in services.BOT_STRATEGIES:
        raise ApplicationError(
            GameError.UNKNOWN_STRATEGY,
            f"strategy must be one of {', '.join(services.BOT_STRATEGIES)}",
        )
    services.ruleset_check(players, hand_table, variants)
    return services.validate_time_control(time_control)


def _opponent(username: str, challenger):
    """The account ``username`` names, if it can be challenged by ``challenger``."""
    found = get_user_model().objects.filter(username=username).first()
    if found is None:
        raise NotFound(GameError.NOT_FOUND, "no such player")
    if found.pk == challenger.pk:
        raise ApplicationError(GameError.CHALLENGE_SELF, "you cannot challenge yourself")
    if found.is_bot:
        raise ApplicationError(
            GameError.CHALLENGE_BOT, "bots are not challenged: open a table and seat them"
        )
    if found.deleted_at is not None or not found.is_active:
        raise ApplicationError(GameError.PLAYER_GONE, "this player's account is closed")
    return found


def _check_pending_cap(user) -> None:
    """Refuse a new challenge while ``user`` has the cap's number waiting; the user's row is
    locked first, so two sent at once are counted one after the other."""
    if not throttling.enabled():
        return
    cap = int(settings.CHALLENGES_PENDING_PER_USER)
    if cap <= 0:
        return
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values("pk"))
    waiting = Challenge.objects.filter(
        challenger=user, status=ChallengeStatus.PENDING, expires_at__gt=clock.now()
    ).count()
    if waiting >= cap:
        raise Conflict(
            GameError.TOO_MANY_CHALLENGES,
            f"you have {cap} challenges waiting for an answer; cancel one first",
            extra={"limit": cap},
        )


@transaction.atomic
def challenge_create(
    *,
    user,
    username: str,
    players: int = 2,
    bot_strategy: str = "greedy",
    hand_table: str = "classic",
    variants: dict[str, Any] | None = None,
    time_control: dict[str, Any] | None = None,
    rated: bool = False,
) -> Challenge:
    """Challenge ``username`` to a private table with these settings, and notify them."""
    if user.is_bot:
        raise Forbidden(GameError.FORBIDDEN, "bots do not challenge")
    opponent = _opponent(username, user)
    variants = dict(variants or {})
    tc = _check_settings(
        players=players,
        bot_strategy=bot_strategy,
        hand_table=hand_table,
        variants=variants,
        time_control=time_control or {},
    )
    if rated:
        rated_eligibility_check(user)
    _check_pending_cap(user)
    wait = throttling.hit(CHALLENGE_SCOPE, f"user:{user.pk}")
    if wait is not None:
        raise throttling.Throttled(wait)
    now = clock.now()
    challenge = Challenge.objects.create(
        challenger=user,
        challenged=opponent,
        players=players,
        bot_strategy=bot_strategy,
        hand_table=hand_table,
        variants=variants,
        time_control=tc,
        rated=rated,
        created_at=now,
        expires_at=now + _expiry(),
    )
    notify(
        user=opponent,
        kind="challenge",
        params={"what": "received", "player": user.username, "players": players},
        url="/challenges",
        key=f"challenge:{challenge.pk}",
    )
    return challenge


def _locked(challenge_id, user) -> Challenge:
    """The challenge, its row locked; 404 to anyone who is neither of its two players."""
    found = (
        Challenge.objects.select_for_update()
        .filter(pk=challenge_id)
        .filter(Q(challenger=user) | Q(challenged=user))
        .first()
        if user.is_authenticated
        else None
    )
    if found is None:
        raise NotFound(GameError.NOT_FOUND, "no such challenge")
    return found


# Who may give each answer (the player whose id field it is), and the refusal to the other one.
_ANSWERED_BY = {
    ChallengeStatus.ACCEPTED: (
        "challenged_id",
        GameError.NOT_CHALLENGED,
        "only the challenged player accepts",
    ),
    ChallengeStatus.DECLINED: (
        "challenged_id",
        GameError.NOT_CHALLENGED,
        "only the challenged player declines",
    ),
    ChallengeStatus.CANCELLED: (
        "challenger_id",
        GameError.NOT_CHALLENGER,
        "only the challenger cancels",
    ),
}


def _to_answer(challenge_id, user, answer: str) -> Challenge:
    """The challenge ``user`` gives ``answer`` to, its row locked: 404 to anyone who is neither
    of its players, 403 to the one who may not give that answer, 409 unless it still waits."""
    challenge = _locked(challenge_id, user)
    field, code, message = _ANSWERED_BY[answer]
    if getattr(challenge, field) != user.id:
        raise Forbidden(code, message)
    status = status_of(challenge)
    if status == ChallengeStatus.EXPIRED:
        raise Conflict(GameError.CHALLENGE_EXPIRED, "the challenge has expired")
    if status != ChallengeStatus.PENDING:
        raise Conflict(GameError.CHALLENGE_NOT_PENDING, f"the challenge is {status} already")
    return challenge


def _answered(challenge: Challenge, status: str) -> None:
    challenge.status, challenge.answered_at = status, clock.now()
    challenge.save(update_fields=["status", "answered_at", "game"])


def _tell_challenger(challenge: Challenge, user, what: str, url: str) -> None:
    """Tell the challenger that ``user``, the challenged player, has ``what`` (accepted,
    declined) the challenge; ``url`` is where the notice leads."""
    notify(
        user=challenge.challenger,
        kind="challenge",
        params={"what": what, "player": user.username},
        url=url,
        key=f"challenge:{challenge.pk}:{what}",
    )


@transaction.atomic
def challenge_accept(*, challenge_id, user) -> Challenge:
    """Accept a challenge sent to ``user``: open the private table with both seated and the
    bots, and start it. Refusals: ``not_challenged`` (the challenger), ``challenge_expired``,
    ``challenge_not_pending`` (answered already: a second accept makes no second table), a
    rated one's ``not_eligible_for_rated``, ``player_gone`` (the challenger has left)."""
    challenge = _to_answer(challenge_id, user, ChallengeStatus.ACCEPTED)
    challenger = challenge.challenger
    if challenger.deleted_at is not None or not challenger.is_active:
        raise ApplicationError(GameError.PLAYER_GONE, "the challenger's account is closed")
    if challenge.rated:
        rated_eligibility_check(user)
    seated = [challenger, user]
    for _ in range(challenge.players - 2):
        seated.append(
            bot_account_get_or_create(
                strategy=challenge.bot_strategy, exclude_ids=[u.pk for u in seated]
            )
        )
    game = services.game_create_seated(
        created_by=challenger,
        users=seated,
        hand_table=challenge.hand_table,
        variants=challenge.variants,
        time_control=challenge.time_control,
        rated=challenge.rated,
        start=False,
    )
    game.invite_code = invites.new_invite_code()
    game.save(update_fields=["invite_code"])
    services._start(game)
    challenge.game = game
    _answered(challenge, ChallengeStatus.ACCEPTED)
    _tell_challenger(challenge, user, "accepted", f"/games/{game.pk}")
    return challenge


@transaction.atomic
def challenge_decline(*, challenge_id, user) -> Challenge:
    """Decline a challenge sent to ``user``; the challenger is told."""
    challenge = _to_answer(challenge_id, user, ChallengeStatus.DECLINED)
    _answered(challenge, ChallengeStatus.DECLINED)
    _tell_challenger(challenge, user, "declined", "/challenges")
    return challenge


@transaction.atomic
def challenge_cancel(*, challenge_id, user) -> Challenge:
    """Withdraw a challenge ``user`` sent that waits for an answer."""
    challenge = _to_answer(challenge_id, user, ChallengeStatus.CANCELLED)
    _answered(challenge, ChallengeStatus.CANCELLED)
    return challenge


# -- selectors ---------------------------------------------------------------------------------


def challenge_list_for(user) -> dict[str, list[Challenge]]:
    """Return ``user``'s latest challenges, ``incoming`` and ``outgoing``, newest first."""
    rows = Challenge.objects.select_related("challenger", "challenged", "game")
    out: dict[str, list[Challenge]] = {}
    for key, mine in (("incoming", Q(challenged=user)), ("outgoing", Q(challenger=user))):
        out[key] = list(rows.filter(mine).order_by("-created_at", "-pk")[:LISTED])
    return out
