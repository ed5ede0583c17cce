"""Currency conversion with rates from the rates service."""

import json
from decimal import ROUND_HALF_UP, Decimal
from urllib.request import urlopen

RATES_URL = "https://rates.example/latest?base={base}"


def fetch_rate(base: str, quote: str) -> float:
    """Today's rate from the rates service (one HTTP request)."""
    with urlopen(RATES_URL.format(base=base), timeout=5) as response:
        return float(json.load(response)["rates"][quote])


def to_cents(amount: float) -> Decimal:
    return Decimal(str(amount)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def convert(amount: float, base: str, quote: str) -> Decimal:
    """`amount` in `base` expressed in `quote`, rounded half up to cents."""
    if amount < 0:
        raise ValueError("amount cannot be negative")
    if base == quote:
        return to_cents(amount)
    return to_cents(amount * fetch_rate(base, quote))
