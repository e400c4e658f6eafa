"""Concurrent applications on PostgreSQL: a game counts once, games sharing players all count."""

import pytest

from ratings.models import Rating
from ratings.models import RatingChange
from ratings.services import rating_apply_game
from ratings.services import rating_reverse_game
from tests.support.factories import finished_game
from tests.support.factories import person
from tests.support.threads import run_together

pytestmark = [pytest.mark.postgres]


def test_concurrent_applications_of_one_game_apply_it_exactly_once(transactional_db):
    users = [person(n) for n in ("ana", "bo", "cy", "di")]
    game = finished_game(users, [1, 2, 3, 4])

    results = run_together([lambda: rating_apply_game(game_id=game.pk)] * 4)

    assert sorted(results) == [False, False, False, True]
    assert RatingChange.objects.filter(game=game).count() == 4
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1, 1, 1]


def test_concurrent_games_sharing_players_all_count_without_deadlock(transactional_db):
    users = [person(n) for n in ("ana", "bo", "cy", "di")]
    # Seat orders differ, so a naive lock order would cross.
    games = [
        finished_game([users[0], users[1], users[2]], [1, 2, 3]),
        finished_game([users[2], users[1], users[0]], [1, 2, 3]),
        finished_game([users[3], users[0]], [1, 2]),
        finished_game([users[1], users[3]], [2, 1]),
    ]

    results = run_together([lambda g=g: rating_apply_game(game_id=g.pk) for g in games])

    assert results == [True] * 4
    games_of = dict(Rating.objects.values_list("user__username", "games"))
    assert games_of == {"ana": 3, "bo": 3, "cy": 2, "di": 2}
    assert RatingChange.objects.count() == 10


def test_a_reversal_racing_the_application_leaves_the_game_reversed(transactional_db):
    users = [person(n) for n in ("ana", "bo")]
    staff = person("referee")
    staff.is_staff = True
    staff.save()
    game = finished_game(users, [1, 2])

    run_together(
        [
            lambda: rating_apply_game(game_id=game.pk),
            lambda: rating_reverse_game(game_id=game.pk, by=staff, reason="race"),
        ]
    )

    assert not RatingChange.objects.filter(game=game, reversed_at__isnull=True).exists()
    assert all(r.games == 0 for r in Rating.objects.all())
