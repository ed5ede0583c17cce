"""Invoice model with line items, discounts and tax."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

TAX_RATE = Decimal("0.20")
CENT = Decimal("0.01")


@dataclass
class LineItem:
    sku: str
    unit_price: Decimal
    quantity: int

    def __post_init__(self):
        if self.quantity <= 0:
            raise ValueError("quantity must be positive")
        if self.unit_price < 0:
            raise ValueError("unit_price must not be negative")

    @property
    def amount(self) -> Decimal:
        return self.unit_price * self.quantity


@dataclass
class Invoice:
    customer_id: str
    items: list = field(default_factory=list)
    discount_percent: Decimal = Decimal("0")

    def add_item(self, sku: str, unit_price: str, quantity: int = 1) -> LineItem:
        item = LineItem(sku, Decimal(unit_price), quantity)
        self.items.append(item)
        return item

    def subtotal(self) -> Decimal:
        return sum((i.amount for i in self.items), Decimal("0"))

    def discount(self) -> Decimal:
        return (self.subtotal() * self.discount_percent / 100).quantize(CENT, ROUND_HALF_UP)

    def tax(self) -> Decimal:
        return ((self.subtotal() - self.discount()) * TAX_RATE).quantize(CENT, ROUND_HALF_UP)

    def total(self) -> Decimal:
        return self.subtotal() - self.discount() + self.tax()

    def summary(self) -> dict:
        return {
            "customer_id": self.customer_id,
            "lines": len(self.items),
            "subtotal": str(self.subtotal()),
            "tax": str(self.tax()),
            "total": str(self.total()),
        }
