"""Client for the upstream weather HTTP API."""


class WeatherError(Exception):
    pass


class WeatherClient:
    def __init__(self, session, base_url="https://api.weather.example/v1", cache=None):
        self.session = session
        self.base_url = base_url
        self.cache = cache if cache is not None else {}

    def current(self, city: str) -> dict:
        key = city.strip().lower()
        if key in self.cache:
            return self.cache[key]
        resp = self.session.get(f"{self.base_url}/current", params={"q": key}, timeout=5)
        if resp.status_code == 404:
            raise WeatherError(f"unknown city: {city}")
        if resp.status_code != 200:
            raise WeatherError(f"upstream error {resp.status_code}")
        data = resp.json()
        result = {
            "city": data["name"],
            "temp_c": round(data["main"]["temp"] - 273.15, 1),
            "conditions": data["weather"][0]["description"],
        }
        self.cache[key] = result
        return result
