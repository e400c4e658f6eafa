"""The ratings API: leaderboards, profiles, histories, and their errors."""

import pytest
from rest_framework.test import APIClient

from ratings import skill
from ratings.services import rating_apply_game
from ratings.services import rating_reverse_game
from tests.support.factories import bot
from tests.support.factories import finished_game
from tests.support.factories import person

pytestmark = pytest.mark.django_db

BOARD = "/api/v1/ratings/leaderboard"


@pytest.fixture
def api():
    return APIClient()


def played(users, places, kind="live", **kw):
    game = finished_game(users, places, kind=kind, **kw)
    assert rating_apply_game(game_id=game.pk)
    return game


# -- leaderboard -------------------------------------------------------------------------------


def test_the_leaderboard_lists_rated_people_best_first_without_bots(api, ana, bo, cy):
    played([ana, bo, bot("greedy"), cy], [1, 2, 3, 4])
    person("newcomer")  # no rated game: not listed

    r = api.get(BOARD)

    assert r.status_code == 200
    body = r.json()
    assert (body["kind"], body["count"], body["page"], body["pages"]) == ("live", 3, 1, 1)
    assert [e["username"] for e in body["results"]] == ["ana", "bo", "cy"]
    assert [e["rank"] for e in body["results"]] == [1, 2, 3]
    first = body["results"][0]
    assert set(first) == {
        "rank",
        "username",
        "rating",
        "mu",
        "sigma",
        "games",
        "provisional",
        "updated_at",
        "skill_index",
    }
    assert first["provisional"] is True
    assert first["games"] == 1
    assert first["rating"] == skill.display(first["mu"], first["sigma"]) > 1500


def test_the_leaderboard_is_per_kind(api, ana, bo, cy):
    played([ana, bo], [1, 2], kind="live")
    played([cy, ana], [1, 2], kind="correspondence")

    live = api.get(BOARD, {"kind": "live"}).json()
    corr = api.get(BOARD, {"kind": "correspondence"}).json()

    assert [e["username"] for e in live["results"]] == ["ana", "bo"]
    assert [e["username"] for e in corr["results"]] == ["cy", "ana"]


def test_the_leaderboard_is_paginated(api, db):
    users = [person(f"p{i}") for i in range(5)]
    played(users, [1, 2, 3, 4, 5])

    page1 = api.get(BOARD, {"page_size": 2}).json()
    page3 = api.get(BOARD, {"page_size": 2, "page": 3}).json()
    beyond = api.get(BOARD, {"page_size": 2, "page": 9})

    assert (page1["count"], page1["pages"]) == (5, 3)
    assert [e["rank"] for e in page1["results"]] == [1, 2]
    assert [(e["rank"], e["username"]) for e in page3["results"]] == [(5, "p4")]
    assert "page=2" in page1["next"]
    assert page3["next"] is None
    assert beyond.status_code == 400  # past the last page: there is no such page
    assert beyond.json()["fields"] == {"page": ["no such page"]}


def test_a_player_whose_only_game_was_reversed_leaves_the_leaderboard(api, ana, bo, staff):
    game = played([ana, bo], [1, 2])
    rating_reverse_game(game_id=game.pk, by=staff, reason="void")

    assert api.get(BOARD).json()["results"] == []


@pytest.mark.parametrize("query", [{"kind": "blitz"}, {"kind": "LIVE"}])
def test_an_unknown_kind_is_refused_as_an_invalid_query(api, query):
    r = api.get(BOARD, query)

    assert r.status_code == 400
    assert r.json()["code"] == "invalid_query"
    assert list(r.json()["fields"]) == ["kind"]


@pytest.mark.parametrize("query", [{"page": "0"}, {"page": "x"}, {"page_size": "101"}])
def test_a_bad_page_is_refused_as_an_invalid_query(api, db, query):
    r = api.get(BOARD, query)

    assert r.status_code == 400
    assert r.json()["code"] == "invalid_query"
    assert set(r.json()["fields"]) <= {"page", "page_size"}


# -- profile -----------------------------------------------------------------------------------


def test_a_profile_shows_a_rating_per_kind_and_the_games_played(api, ana, bo, cy):
    played([ana, bo], [1, 2], kind="live")
    played([ana, cy], [2, 1], kind="live")
    finished_game([ana, bo], [1, 2], rated=False)

    r = api.get("/api/v1/players/ana")

    assert r.status_code == 200
    body = r.json()
    assert body["username"] == "ana"
    assert body["is_bot"] is False
    assert body["joined"]
    assert body["games"] == {"finished": 3, "rated": 2}
    ratings = {x["kind"]: x for x in body["ratings"]}
    assert set(ratings) == {"live", "correspondence"}
    live = ratings["live"]
    assert live["games"] == 2
    assert live["provisional"] is True
    assert live["rank"] in (1, 2, 3)
    assert live["rating"] == skill.display(live["mu"], live["sigma"])
    corr = ratings["correspondence"]
    assert (corr["rating"], corr["games"], corr["provisional"], corr["rank"]) == (
        1500,
        0,
        True,
        None,
    )
    assert corr["updated_at"] is None


def test_a_profile_is_found_whatever_the_case_of_the_name(api, ana):
    r = api.get("/api/v1/players/ANA")

    assert r.status_code == 200
    assert r.json()["username"] == "ana"


def test_a_bot_has_a_profile_but_no_rating(api, ana):
    greedy = bot("greedy")
    played([ana, greedy], [1, 2])

    body = api.get(f"/api/v1/players/{greedy.username}").json()

    assert body["is_bot"] is True
    assert body["ratings"] == []
    assert body["games"] == {"finished": 1, "rated": 0}


def test_an_unknown_player_is_404(api, db):
    for url in ["/api/v1/players/nobody", "/api/v1/players/nobody/rating-history"]:
        r = api.get(url)
        assert r.status_code == 404
        assert r.json()["code"] == "not_found"


# -- history -----------------------------------------------------------------------------------


def test_the_rating_history_has_a_point_per_standing_game_oldest_first(api, ana, bo, staff):
    first = played([ana, bo], [1, 2])
    voided = played([ana, bo], [2, 1])
    third = played([ana, bo, bot("random")], [2, 3, 1], resigned=[1])
    played([ana, bo], [1, 2], kind="correspondence")
    rating_reverse_game(game_id=voided.pk, by=staff, reason="void")

    r = api.get("/api/v1/players/ana/rating-history", {"kind": "live"})

    assert r.status_code == 200
    body = r.json()
    assert (body["username"], body["kind"], body["start"]) == ("ana", "live", 1500)
    points = body["points"]
    assert [p["game"] for p in points] == [str(first.pk), str(third.pk)]
    assert set(points[0]) == {
        "game",
        "at",
        "rating",
        "change",
        "mu",
        "sigma",
        "place",
        "players",
        "left",
    }
    assert points[0]["change"] == points[0]["rating"] - 1500 > 0
    assert (points[1]["place"], points[1]["players"], points[1]["left"]) == (2, 3, False)
    bo_points = api.get("/api/v1/players/bo/rating-history").json()["points"]
    assert (bo_points[-1]["place"], bo_points[-1]["left"]) == (3, True)
    assert bo_points[-1]["change"] < 0


def test_the_history_of_a_player_without_rated_games_is_empty(api, ana):
    body = api.get("/api/v1/players/ana/rating-history", {"kind": "correspondence"}).json()

    assert body == {"username": "ana", "kind": "correspondence", "start": 1500, "points": []}


def test_the_history_refuses_an_unknown_kind(api, ana):
    r = api.get("/api/v1/players/ana/rating-history", {"kind": "bullet"})

    assert r.status_code == 400
    assert r.json()["code"] == "invalid_query"
    assert list(r.json()["fields"]) == ["kind"]


def test_the_schema_documents_the_rating_endpoints(api, db):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    for path in [
        "/api/v1/ratings/leaderboard",
        "/api/v1/players/{username}",
        "/api/v1/players/{username}/rating-history",
    ]:
        assert path in schema["paths"]
