import pytest
from django.core.management import call_command

from games import services
from games.integrity import verify_game
from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_bot_match_verifies(django_user_model):
    ana = django_user_model.objects.create_user("ana", password="x")
    game = services.game_create(user=ana, players=4, variants={"rounds": 2})
    for _ in range(3):
        services.game_add_bot(game_id=game.id, user=ana, strategy="random")
    services.game_start(game_id=game.id, user=ana)
    services.game_resign(game_id=game.id, user=ana)
    game = Game.objects.get(pk=game.id)
    assert game.status == "abandoned"
    assert verify_game(game).ok
    call_command("verify_events", str(game.id))
