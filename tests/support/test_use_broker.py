"""tests.support.celery.use_broker: the fixtures that start a worker on a broker of their own
send this process's tasks there, whatever broker the process sent to before."""

from config import celery_app
from tests.support.celery import use_broker


def test_a_producer_made_before_the_switch_sends_to_the_new_broker():
    with celery_app.producer_or_acquire() as producer:  # a pool for the broker of now
        before = producer.connection.as_uri()
    old = use_broker(celery_app, "redis://127.0.0.1:6399/7")
    try:
        with celery_app.producer_or_acquire() as producer:
            after = producer.connection.as_uri()
        assert after.endswith("@127.0.0.1:6399/7"), after
        assert after != before
    finally:
        use_broker(celery_app, old)
    with celery_app.producer_or_acquire() as producer:
        assert producer.connection.as_uri() == before
