"""Players for the API tests: each an APIClient logged in with its own token."""

from tests.games.api.factories import player
from tests.support.people import person_fixture

ana, bo, cy, di = (person_fixture(name, player) for name in ("ana", "bo", "cy", "di"))
