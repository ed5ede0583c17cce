"""Money arithmetic in integer minor units (cents)."""
from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, ROUND_HALF_EVEN

_SYMBOLS = {"USD": "$", "EUR": "\u20ac", "GBP": "\u00a3"}


class CurrencyMismatchError(ValueError):
    pass


@dataclass(frozen=True)
class Money:
    cents: int
    currency: str = "USD"

    def __post_init__(self):
        if not isinstance(self.cents, int):
            raise TypeError("cents must be an int")
        if self.currency not in _SYMBOLS:
            raise ValueError(f"unsupported currency: {self.currency}")

    def _check(self, other: "Money") -> None:
        if other.currency != self.currency:
            raise CurrencyMismatchError(
                f"cannot combine {self.currency} with {other.currency}"
            )

    def __add__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents + other.cents, self.currency)

    def __sub__(self, other: "Money") -> "Money":
        self._check(other)
        return Money(self.cents - other.cents, self.currency)

    def multiply(self, factor) -> "Money":
        raw = Decimal(self.cents) * Decimal(str(factor))
        return Money(int(raw.quantize(Decimal("1"), rounding=ROUND_HALF_EVEN)), self.currency)

    def apply_tax(self, rate_percent) -> "Money":
        return self.multiply(Decimal(1) + Decimal(str(rate_percent)) / Decimal(100))

    def allocate(self, ratios):
        if not ratios or any(r < 0 for r in ratios) or sum(ratios) == 0:
            raise ValueError("ratios must be non-negative and not all zero")
        total = sum(ratios)
        shares = [self.cents * r // total for r in ratios]
        remainder = self.cents - sum(shares)
        for i in range(remainder):
            shares[i] += 1
        return [Money(s, self.currency) for s in shares]

    def format(self) -> str:
        sign = "-" if self.cents < 0 else ""
        whole, frac = divmod(abs(self.cents), 100)
        return f"{sign}{_SYMBOLS[self.currency]}{whole:,}.{frac:02d}"
