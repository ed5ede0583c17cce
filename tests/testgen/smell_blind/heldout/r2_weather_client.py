"""Thin client over a JSON weather HTTP API."""


class WeatherError(Exception):
    pass


class WeatherClient:
    BASE_URL = "https://api.example-weather.test/v1"

    def __init__(self, session, api_key):
        self.session = session
        self.api_key = api_key

    def current(self, city):
        response = self.session.get(
            f"{self.BASE_URL}/current",
            params={"q": city, "key": self.api_key},
            timeout=5,
        )
        if response.status_code != 200:
            raise WeatherError(f"weather lookup failed for {city}: HTTP {response.status_code}")
        data = response.json()
        return {
            "city": data["location"]["name"],
            "temp_c": round(data["current"]["temp_c"], 1),
            "condition": data["current"]["condition"]["text"].lower(),
        }
