import pytest

from tests.support.factories import person


@pytest.fixture
def ana(db):
    return person("ana")


@pytest.fixture
def bo(db):
    return person("bo")


@pytest.fixture
def cy(db):
    return person("cy")


@pytest.fixture
def di(db):
    return person("di")


@pytest.fixture
def staff(db):
    user = person("referee")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user
