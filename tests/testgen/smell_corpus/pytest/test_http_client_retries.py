# smells: none
import pytest
import requests

from clients.weather import WeatherClient, WeatherUnavailable


class FlakyTransport:
    def __init__(self, failures):
        self.failures = failures
        self.calls = 0

    def get(self, url, timeout):
        self.calls += 1
        if self.calls <= self.failures:
            raise requests.ConnectionError("reset")
        return {"temp_c": 21.5}


def test_a_transient_failure_is_retried():
    transport = FlakyTransport(failures=1)
    client = WeatherClient(transport, retries=2, sleep=lambda s: None)
    assert client.current("Lisbon") == 21.5
    assert transport.calls == 2


def test_giving_up_raises_a_domain_error():
    client = WeatherClient(FlakyTransport(failures=5), retries=2, sleep=lambda s: None)
    with pytest.raises(WeatherUnavailable):
        client.current("Oslo")
