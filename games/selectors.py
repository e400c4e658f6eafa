"""Read-only queries for games; every payload about hidden tiles is built from the engine's view
for the one viewer asking (RULES R4)."""

from __future__ import annotations

from typing import Any

from django.db.models import Case
from django.db.models import F
from django.db.models import IntegerField
from django.db.models import OuterRef
from django.db.models import Q
from django.db.models import Subquery
from django.db.models import Value
from django.db.models import When
from django.db.models.functions import Coalesce

from accounts.names import FreshNames
from accounts.names import Names
from core import clock
from core.errors import Forbidden
from core.errors import NotFound
from eventstore import store
from eventstore.store import StoredEvent
from games import clocks
from games.domain import SEED_CONTRIBUTIONS_FIXED
from games.domain import effective_engine_stored
from games.domain import engine_events
from games.domain import load
from games.domain import load_since
from games.domain import redact_platform_event
from games.domain import restart_numbers
from games.engine import SPECTATOR
from games.engine import GameState
from games.engine import command_to_dict
from games.engine import event_from_dict
from games.engine import legal_moves
from games.engine import view
from games.engine.events import EVENT_TYPES
from games.engine.record import FULL
from games.engine.record import export_record
from games.engine.views import redact_event
from games.errors import GameError
from games.models import Game
from games.models import GameStatus
from games.models import Seat
from games.models import stream_name
from games.projections import seat_clock
from games.staff import RECORD_READ
from games.staff import WATCHED
from games.staff import staff_hidden_read
from games.stakes import deal_hidden


def game_get(game_id, *, seats: bool = False) -> Game:
    """The game, with its creator; with ``seats`` its seats and their users too, in two more
    queries: what a game's detail (games.apis.GameDetailOutput) reads, seat by seat, three
    times over. A detail with the caller's token took 14 queries at a table of three and 16 at
    four, 6 this way; the table's page asks for it after every move."""
    games = Game.objects.select_related("created_by")
    if seats:
        games = games.prefetch_related("seats__user")
    try:
        return games.get(pk=game_id)
    except (Game.DoesNotExist, ValueError):
        raise NotFound(GameError.NOT_FOUND, "no such game") from None


def game_list(*, status: str | None = None):
    """Return the games, newest first, of ``status`` if given. A duplicate table whose deal
    another table still plays is listed as in play whatever its status (games.siblings): that
    it has ended is its own players' news until the whole deal group has. Private tables
    (games.invites) are listed nowhere: their players find them among their own games."""
    games = (
        Game.objects.select_related("created_by")
        .prefetch_related("seats__user")
        .filter(invite_code="")
    )
    if status == GameStatus.ACTIVE:
        games = games.filter(Q(status=status) | (Q(seed_hidden=True) & ~Q(status=GameStatus.OPEN)))
    elif status and status != GameStatus.OPEN:
        games = games.filter(status=status, seed_hidden=False)
    elif status:  # open: a tournament table in its ready window has its seats set already
        games = games.filter(status=status, ready_deadline__isnull=True)
    return games.order_by("-created_at", "-id")


def games_by_urgency(user, *, status: str | None = None):
    """``user``'s games, most urgent first: their turn (earliest deadline first), then games
    waiting for someone else (earliest deadline first), open tables, then ended games (latest
    first); ties newest first. A correspondence player with many games sees what is due first.

    The order is computed in SQL, so the list can be paged (``?page=``) whatever its length;
    it changes as the games go on, so a page is a snapshot, not a cursor."""
    mine = Seat.objects.filter(user=user)
    games = Game.objects.filter(pk__in=mine.values("game_id")).select_related("created_by")
    if status:
        games = games.filter(status=status)
    games = games.annotate(
        my_seat=Subquery(mine.filter(game=OuterRef("pk")).values("index")[:1]),
    ).annotate(
        urgency=Case(
            When(Q(status=GameStatus.ACTIVE, to_move=F("my_seat")), then=Value(0)),
            When(status=GameStatus.ACTIVE, then=Value(1)),
            When(status=GameStatus.OPEN, then=Value(2)),
            default=Value(3),
            output_field=IntegerField(),
        ),
    )
    return games.prefetch_related("seats__user").order_by(
        "urgency",
        Case(When(urgency__lt=2, then=F("deadline"))).asc(nulls_last=True),
        Case(
            When(urgency=2, then=F("created_at")),
            When(urgency=3, then=Coalesce("finished_at", "created_at")),
        ).desc(nulls_last=True),
        "-created_at",
        "-id",
    )


def game_seats(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user").order_by("index"))


def game_clock(game: Game) -> dict[str, Any]:
    """The clock of the seat to move beyond its deadline: the more time it was given on this
    move, and the spans from now to the deadline when its clock stands still (its weekends,
    its vacation: games.clocks), with why it stands still now, if it does."""
    out: dict[str, Any] = {"extra_seconds": game.turn_extra_s, "paused": None, "pauses": []}
    if game.status != GameStatus.ACTIVE or game.to_move is None or game.turn_started_at is None:
        return out
    seat = next((s for s in game.seats.all() if s.index == game.to_move), None)
    if seat is None or seat.automatic:
        return out
    now = clock.now()
    found = clocks.pauses_until(
        game.time_control, game.turn_started_at, now, game.deadline, **seat_clock(seat)
    )
    out["pauses"] = [{"reason": p.reason, "start": p.start, "end": p.end} for p in found]
    out["paused"] = next((p.reason for p in found if p.start <= now), None)
    return out


def game_viewer_seat(game: Game, user) -> int | None:
    """Return the seat ``user`` plays in ``game``, or None (a spectator).

    A player who resigned or forfeited watches as a spectator: the platform plays the seat on,
    and its tiles are no longer theirs to see. games.broadcast.seat_holders says the same.
    """
    if user is None or not user.is_authenticated:
        return None
    held = game.seats.filter(user=user, resigned_at__isnull=True, forfeited_at__isnull=True)
    return held.values_list("index", flat=True).first()


def table_names(game_id, *, fresh: bool = False) -> Names:
    """Return the names of the deleted players at a table (accounts.names), numbered in seat
    order: one query, over the seats of deleted accounts only (usually none). ``fresh``: for
    events just appended, read only if one of their actors is a deleted account."""
    if fresh:
        return FreshNames(lambda: table_names(game_id))
    seats = (
        Seat.objects.filter(game_id=game_id, user__deleted_at__isnull=False)
        .select_related("user")
        .order_by("index")
    )
    return Names(s.user for s in seats)


def event_for(e: StoredEvent, seat: int | None, names: Names | None = None) -> dict[str, Any]:
    """Return one stored event as ``seat`` may see it, with its seq, actor and time; the
    actor named as readers see it now (``names``: the table's, accounts.names)."""
    if e.type in EVENT_TYPES:
        body = redact_event(event_from_dict(e.payload), seat)
    else:
        body = redact_platform_event(e, seat)
    stored = names.actor(e.actor) if names else e.actor
    actor = {k: stored[k] for k in ("kind", "name") if k in stored}
    return {"seq": e.seq, **body, "actor": actor, "at": e.created_at.isoformat()}


def moves_for(state, seat: int | None, active: bool) -> list[dict[str, Any]]:
    """Return the moves ``seat`` may make now, each in the shape of a move request body."""
    if state is None or seat is None or not active:
        return []
    out = []
    for move in legal_moves(state, seat):
        body = command_to_dict(move)
        body.pop("seat")
        out.append(body)
    return out


def check_may_watch(game: Game, user, seat: int | None) -> None:
    """Refuse spectators a game whose deal other tables are still playing (a duplicate
    tournament round): the tiles it shows would tell them about their own hands. Its players
    may look, and staff without a stake in the deal (games.stakes), in the staff trail."""
    if game.seed_hidden and seat is None:
        if not getattr(user, "is_staff", False):
            raise Forbidden(
                GameError.SEED_HIDDEN,
                "other tables are still playing this deal; it can be watched once they finish",
            )
        staff_hidden_read(user=user, game=game, action=WATCHED)


def game_state_for(game: Game, user) -> dict[str, Any]:
    """Return the caller's view of the game, its status, seq and the moves the caller may make."""
    seat = game_viewer_seat(game, user)
    check_may_watch(game, user, seat)
    loaded = load(game.stream, game.version) if game.status != GameStatus.OPEN else None
    out: dict[str, Any] = {
        "game": str(game.id),
        "status": game.status,
        "seat": seat,
        "seq": loaded.version if loaded else 0,
        "view": None,
        "legal_moves": [],
    }
    if loaded is None or loaded.state is None:
        return out
    out["view"] = view(loaded.state, seat)
    out["legal_moves"] = moves_for(loaded.state, seat, game.status == GameStatus.ACTIVE)
    return out


def game_events_for(game: Game, user, *, after: int = 0) -> list[dict[str, Any]]:
    seat = game_viewer_seat(game, user)
    check_may_watch(game, user, seat)
    names = table_names(game.pk)
    return [event_for(e, seat, names) for e in store.read(game.stream, after=after)]


def seed_revealed(game: Game) -> bool:
    """Return True once a game's seed (and server seed) may be shown: the match has ended and
    no other table still plays its deal."""
    return game.status == GameStatus.FINISHED and not game.seed_hidden


def game_fairness_for(game: Game, user) -> dict[str, Any]:
    """Return a game's fairness as ``user`` may see it (spec/game-record.md, version 2).

    Before the start each seat shows only whether it has contributed; the caller also sees
    its own value. The values are not secret (the server seed is), but shown early they would
    only invite a late joiner to tune theirs to the others', which buys nothing and reads as
    if it did; every value is shown once fixed, before the first deal.
    """
    if game.fairness_version != 2:
        return {
            "version": game.fairness_version,
            "server_seed_commitment": None,
            "committed_at": None,
            "fixed": game.started_at is not None,
            "contributions": [],
            "server_seed": None,
        }
    if game.contributions is not None:
        contributions = [
            {
                "seat": c.get("seat"),
                "value": c.get("value", ""),
                "contributed": c.get("value", "") != "",
                "at": c.get("at"),
            }
            for c in game.contributions
        ]
    else:
        me = getattr(user, "id", None)
        contributions = [
            {
                "seat": seat.index,
                "value": seat.contribution if seat.user_id == me else None,
                "contributed": seat.contribution != "",
                "at": seat.contributed_at,
            }
            for seat in game.seats.all()
        ]
    return {
        "version": 2,
        "server_seed_commitment": game.server_seed_commitment,
        "committed_at": game.committed_at,
        "fixed": game.contributions is not None,
        "contributions": contributions,
        "server_seed": game.server_seed if seed_revealed(game) else None,
    }


def game_record_for(game: Game, user) -> dict[str, Any]:
    """Return the record (spec/game-record.md): hidden hands until the end, then the seed.

    Staff get the full record of any game they have no stake in (games.stakes), in the staff
    trail while its deal is hidden; everyone gets it once the match is over (finished,
    abandoned or void). A round restarted by staff is recorded as it stands: the moves it
    superseded are left out, so the record replays.
    """
    seat = game_viewer_seat(game, user)
    if game.seed_hidden and not (user.is_staff and seat is None):
        # Other tables still play this deal (a duplicate tournament round): every hand of it
        # would show, so the record waits until they have finished.
        raise Forbidden(GameError.SEED_HIDDEN, "other tables are still playing this deal")
    if user.is_staff and seat is None and deal_hidden(game):
        # Every hand of a deal still being played: refused to staff with a stake in it, and in
        # the staff trail for any other.
        staff_hidden_read(user=user, game=game, action=RECORD_READ, data={"view": "record"})
    # Staff see every hand, except at a table of their own while it is played; anyone does
    # once the match is over, however it ended.
    ended = game.status in (GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.VOID)
    full = ended or (user.is_staff and seat is None)
    return game_record_as(game, viewer=FULL if full else seat if seat is not None else SPECTATOR)


def game_record_as(game: Game, *, viewer) -> dict[str, Any]:
    """Return ``game``'s record as ``viewer`` (a seat, SPECTATOR or FULL) may see it; the
    caller has checked that it may. Players are named as readers see them now
    (accounts.names: a deleted account is "deleted player N"): the record is signed when it
    is served, so a record served after a deletion verifies like any other."""
    logged = store.read(game.stream)
    stored = effective_engine_stored(logged)
    if not stored:
        raise NotFound(GameError.NOT_STARTED, "the game has not started")
    events = engine_events(stored)
    seats = game_seats(game)
    table = Names(s.user for s in seats)
    names = [table.of(s.user) for s in seats]
    finished = game.status == GameStatus.FINISHED
    extra: dict[str, Any] = {}
    if game.fairness_version == 2:
        extra["fairness"] = record_fairness(game, logged, reveal=finished)
    record = export_record(
        events,
        players=names,
        seed=bytes.fromhex(game.seed) if finished else None,
        viewer=viewer,
        at=[e.created_at.isoformat() for e in stored],
        **extra,
    )
    restarted = restart_numbers(logged)  # a restarted round says which redeal it was dealt by
    for rnd in record["rounds"]:
        if restarted.get(rnd["number"]):
            rnd["restart"] = restarted[rnd["number"]]
    return record


def record_fairness(game: Game, logged: list[StoredEvent], *, reveal: bool) -> dict[str, Any]:
    """Return a version 2 game's ``fairness`` for its record, from the log: the commitment,
    the contributions fixed at the start, and the server seed if ``reveal`` (once ended)."""
    fixed = next((e for e in logged if e.type == SEED_CONTRIBUTIONS_FIXED), None)
    data = fixed.data if fixed is not None else {}
    out: dict[str, Any] = {
        "server_seed_commitment": data.get("server_seed_commitment", game.server_seed_commitment),
        "contributions": list(data.get("contributions", [])),
    }
    if data.get("committed_at"):
        out["committed_at"] = data["committed_at"]
    if reveal and game.server_seed:
        out["server_seed"] = game.server_seed
    return out


def viewer_payload(
    game_id,
    status: str,
    seq: int,
    events: list[StoredEvent],
    state: GameState | None,
    seat: int | None,
    names: Names | None = None,
) -> dict[str, Any]:
    """Return what one viewer is sent about new events: the events as it may see them and its
    fresh view of the game, with its legal moves (``names``: the table's, accounts.names)."""
    return {
        "type": "events",
        "game": str(game_id),
        "status": status,
        "seq": seq,
        "seat": seat,
        "events": [event_for(e, seat, names) for e in events],
        "view": view(state, seat) if state is not None else None,
        "legal_moves": moves_for(state, seat, status == "active"),
    }


def game_catch_up(
    game_id, user, after: int, known_seat: int | None
) -> tuple[int | None, dict[str, Any]]:
    """Return the viewer's seat and its ``events`` payload for every event after ``after``.

    The state is loaded first and the events read up to its version, so both describe the same
    seq; the game row and the seat are read last, so neither is older than that seq (a seat
    read before the events could be one given up since). A viewer who is no longer at
    ``known_seat`` is asked again whether they may watch (Forbidden if not).
    """
    loaded, events = load_since(stream_name(game_id), after)
    game = Game.objects.get(pk=game_id)
    seat = game_viewer_seat(game, user)
    if seat != known_seat:
        check_may_watch(game, user, seat)
    names = table_names(game_id)
    payload = viewer_payload(
        game_id, game.status, loaded.version, events, loaded.state, seat, names
    )
    return seat, payload
