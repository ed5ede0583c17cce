import unittest
from unittest.mock import MagicMock

from r6_weather import WeatherClient


class WeatherClientTest(unittest.TestCase):
    def setUp(self):
        self.http = MagicMock()
        self.response = MagicMock(status_code=200)
        self.response.json.return_value = {"main": {"temp": 300.0}}
        self.http.get.return_value = self.response
        self.client = WeatherClient(self.http)

    def test_http_returns_payload(self):
        resp = self.client.http.get("https://api.weather.example/v1/current")
        self.assertEqual(resp.json(), {"main": {"temp": 300.0}})
        self.assertEqual(resp.status_code, 200)

    def test_client_uses_given_http(self):
        self.assertIs(self.client.http, self.http)
        self.assertEqual(self.client.http.get.return_value, self.response)


if __name__ == "__main__":
    unittest.main()
