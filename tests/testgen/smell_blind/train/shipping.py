"""Parcel shipping quotes."""

BASE_FEE = 4.99
PER_STARTED_KG = 1.20
PER_100_KM = 0.75
EXPRESS_MULTIPLIER = 1.5


def quote(weight_grams: int, distance_km: int, express: bool = False) -> float:
    if weight_grams <= 0:
        raise ValueError("weight must be positive")
    started_kg = -(-weight_grams // 1000)
    cost = BASE_FEE + started_kg * PER_STARTED_KG + (distance_km // 100) * PER_100_KM
    if express:
        cost *= EXPRESS_MULTIPLIER
    return round(cost, 2)
