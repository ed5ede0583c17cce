"""Invoice model with line items, discounts and tax."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

TAX_RATE = Decimal("0.20")
CENT = Decimal("0.01")


def _round(value):
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass
class Line:
    description: str
    unit_price: Decimal
    quantity: int = 1

    @property
    def amount(self):
        return self.unit_price * self.quantity


@dataclass
class Invoice:
    customer: str
    currency: str = "EUR"
    lines: list = field(default_factory=list)
    discount_pct: Decimal = Decimal("0")

    def add_line(self, description, unit_price, quantity=1):
        if quantity <= 0:
            raise ValueError("quantity must be positive")
        self.lines.append(Line(description, Decimal(str(unit_price)), quantity))
        return self

    def subtotal(self):
        return _round(sum((line.amount for line in self.lines), Decimal("0")))

    def discount(self):
        return _round(self.subtotal() * self.discount_pct / 100)

    def tax(self):
        return _round((self.subtotal() - self.discount()) * TAX_RATE)

    def total(self):
        return self.subtotal() - self.discount() + self.tax()

    def __str__(self):
        return f"Invoice({self.customer}, {len(self.lines)} lines, {self.total()} {self.currency})"
