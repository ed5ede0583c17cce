# smells: none
import time

from clients.weather import WeatherClient


def test_rate_limit_waits_between_calls(monkeypatch):
    waits = []
    monkeypatch.setattr(time, "sleep", waits.append)
    client = WeatherClient(transport=None, min_interval=0.5)
    client._throttle()
    client._throttle()
    time.sleep(0.5)
    assert waits[0] == 0.5
