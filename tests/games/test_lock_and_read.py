"""``domain.get_game_and_seats`` (hand-written SQL, core.sql) reads exactly what the ORM reads:
every field of the game, its creator, its seats and their players, converted alike."""

from __future__ import annotations

import pytest

from core.errors import NotFound
from games import domain
from games.models import Game
from tests.support.factories import make_user
from tests.support.factories import open_table

pytestmark = pytest.mark.django_db


def fields(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_the_raw_read_builds_the_rows_the_orm_builds():
    ana, bo = make_user("ana"), make_user("bo")
    game = open_table(ana, [bo], bots=1)  # started: JSON, datetimes, a bot's account
    orm = Game.objects.select_related("created_by").get(pk=game.pk)
    orm_seats = list(orm.seats.select_related("user").order_by("index"))

    read, seats = domain.get_game_and_seats(str(game.pk))

    assert fields(read) == fields(orm)
    assert isinstance(read.ruleset, dict)
    assert fields(read.created_by) == fields(orm.created_by)
    assert [fields(s) for s in seats] == [fields(s) for s in orm_seats]
    assert [fields(s.user) for s in seats] == [fields(s.user) for s in orm_seats]
    assert all(s.game is read for s in seats)
    assert not read._state.adding
    assert read.pk == game.pk


def test_a_game_without_seats_reads_with_none_and_a_missing_one_is_not_found():
    ana = make_user("ana")
    game = open_table(ana, [], bots=1, start=False)
    game.seats.all().delete()  # the outer join's empty side: no seat row at all

    read, seats = domain.get_game_and_seats(game.pk)

    assert fields(read) == fields(Game.objects.get(pk=game.pk))
    assert seats == []
    for missing in ("00000000-0000-0000-0000-000000000000", "not-a-uuid", ""):
        with pytest.raises(NotFound):
            domain.get_game_and_seats(missing)
