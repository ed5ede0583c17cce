# smells: none
from events.bus import EventBus


def test_subscribers_receive_published_events():
    bus = EventBus()
    seen = []
    bus.subscribe("order.paid", seen.append)
    bus.publish("order.paid", {"id": 7})
    assert seen == [{"id": 7}]


def test_unsubscribed_handlers_are_not_called():
    bus = EventBus()
    seen = []
    token = bus.subscribe("x", seen.append)
    bus.unsubscribe(token)
    bus.publish("x", 1)
    assert seen == []
