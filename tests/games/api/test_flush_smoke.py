import pytest

from eventstore import store

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_committed_event_is_flushed_after_a_transactional_test():
    store.append("s-1", expected_version=0, events=[{"type": "X", "data": {}}], actor={})
    assert store.version("s-1") == 1


def test_and_the_next_transactional_test_starts_clean():
    assert store.version("s-1") == 0
