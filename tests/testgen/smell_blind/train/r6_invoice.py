"""Invoice totals with per-line discounts and tax."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")


@dataclass
class Line:
    sku: str
    qty: int
    unit_price: Decimal
    discount_pct: Decimal = Decimal("0")

    def amount(self) -> Decimal:
        gross = self.unit_price * self.qty
        net = gross * (Decimal("1") - self.discount_pct / Decimal("100"))
        return net.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class Invoice:
    customer: str
    tax_rate: Decimal = Decimal("0.20")
    lines: list = field(default_factory=list)
    currency: str = "EUR"

    def add(self, sku, qty, unit_price, discount_pct="0"):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        self.lines.append(Line(sku, qty, Decimal(str(unit_price)), Decimal(str(discount_pct))))
        return self

    def subtotal(self) -> Decimal:
        return sum((l.amount() for l in self.lines), Decimal("0.00"))

    def tax(self) -> Decimal:
        return (self.subtotal() * self.tax_rate).quantize(CENT, rounding=ROUND_HALF_UP)

    def total(self) -> Decimal:
        return self.subtotal() + self.tax()

    def summary(self) -> str:
        return f"{self.customer}: {len(self.lines)} line(s), total {self.total()} {self.currency}"
