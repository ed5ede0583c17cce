"""Savings projections."""


def compound(principal: float, rate: float, years: int) -> float:
    """The balance after `years` of yearly compounding, rounded to cents."""
    amount = principal
    for _ in range(years):
        amount *= 1 + rate
    return round(amount, 2)


def mean_return(rates: list[float]) -> float:
    if not rates:
        raise ValueError("no rates to average")
    total = 0.0
    for rate in rates:
        total += rate
    return total / len(rates)
