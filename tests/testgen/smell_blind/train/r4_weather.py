"""Weather summary service; fetches from an HTTP client collaborator."""
import time


class WeatherError(Exception):
    pass


class WeatherService:
    def __init__(self, http, cache=None, clock=time.time, ttl=600):
        self.http = http
        self.cache = cache if cache is not None else {}
        self.clock = clock
        self.ttl = ttl

    def current(self, city):
        hit = self.cache.get(city)
        now = self.clock()
        if hit and now - hit[0] < self.ttl:
            return hit[1]
        resp = self.http.get(f"/weather/{city}")
        if resp.status_code != 200:
            raise WeatherError(f"upstream returned {resp.status_code} for {city}")
        data = resp.json()
        summary = {"city": city, "temp_c": round((data["temp_f"] - 32) * 5 / 9, 1),
                   "wind": data.get("wind_kph", 0)}
        self.cache[city] = (now, summary)
        return summary

    def describe(self, city):
        s = self.current(city)
        feel = "cold" if s["temp_c"] < 10 else "mild" if s["temp_c"] < 24 else "hot"
        return f"{city}: {s['temp_c']}C, {feel}"
