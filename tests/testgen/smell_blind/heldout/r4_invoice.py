"""Invoice totals with tax and discounts."""
from dataclasses import dataclass, field

TAX_RATE = 0.2


@dataclass
class Line:
    sku: str
    qty: int
    unit_price: float


@dataclass
class Invoice:
    lines: list = field(default_factory=list)
    discount_pct: float = 0.0

    def add(self, sku, qty, unit_price):
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        self.lines.append(Line(sku, qty, unit_price))

    def subtotal(self):
        return round(sum(l.qty * l.unit_price for l in self.lines), 2)

    def discount(self):
        return round(self.subtotal() * self.discount_pct / 100, 2)

    def tax(self):
        return round((self.subtotal() - self.discount()) * TAX_RATE, 2)

    def total(self):
        return round(self.subtotal() - self.discount() + self.tax(), 2)


def format_total(invoice):
    return f"EUR {invoice.total():.2f}"
