import pytest

from tests.support.factories import person
from tests.support.people import person_fixture

ana, bo, cy, di = (person_fixture(name, person) for name in ("ana", "bo", "cy", "di"))


@pytest.fixture
def staff(db):
    return person("referee", staff=True)
