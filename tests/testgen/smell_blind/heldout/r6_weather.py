"""Small client for a JSON weather API."""


class WeatherError(RuntimeError):
    pass


class WeatherClient:
    def __init__(self, http, base_url="https://api.weather.example/v1"):
        self.http = http
        self.base_url = base_url

    def current_temp(self, city, unit="C"):
        resp = self.http.get(f"{self.base_url}/current", params={"q": city})
        if resp.status_code != 200:
            raise WeatherError(f"weather lookup failed for {city}: HTTP {resp.status_code}")
        kelvin = resp.json()["main"]["temp"]
        celsius = kelvin - 273.15
        if unit == "C":
            return round(celsius, 1)
        if unit == "F":
            return round(celsius * 9 / 5 + 32, 1)
        raise ValueError(f"unknown unit {unit!r}")

    def describe(self, city):
        return f"{city}: {self.current_temp(city)}°C"
