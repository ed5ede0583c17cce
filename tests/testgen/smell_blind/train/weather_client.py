"""Thin client for the weather API; the HTTP session is injected."""

KELVIN_OFFSET = 273.15


class WeatherError(Exception):
    pass


class WeatherClient:
    def __init__(self, session, base_url: str = "https://api.weather.example"):
        self.session = session
        self.base_url = base_url.rstrip("/")

    def current_temp_c(self, city: str) -> float:
        response = self.session.get(
            f"{self.base_url}/v1/current", params={"q": city}, timeout=5
        )
        if response.status_code == 404:
            raise WeatherError(f"unknown city: {city}")
        response.raise_for_status()
        payload = response.json()
        return round(payload["main"]["temp"] - KELVIN_OFFSET, 1)
