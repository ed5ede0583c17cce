# smells: no_assertion
from events.bus import EventBus


def test_publish_to_many():
    bus = EventBus()
    for i in range(3):
        bus.subscribe("tick", lambda e, i=i: print(i, e))
    bus.publish("tick", "now")
    print(bus.stats())
