"""Invoice arithmetic for the billing service."""
from dataclasses import dataclass, field
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")


class InvoiceError(ValueError):
    pass


@dataclass
class Line:
    sku: str
    qty: int
    unit_price: Decimal

    @property
    def amount(self) -> Decimal:
        return (self.unit_price * self.qty).quantize(CENT, ROUND_HALF_UP)


@dataclass
class Invoice:
    customer: str
    tax_rate: Decimal = Decimal("0")
    discount_pct: Decimal = Decimal("0")
    lines: list = field(default_factory=list)

    def add(self, sku: str, qty: int, unit_price) -> Line:
        if qty <= 0:
            raise InvoiceError(f"quantity must be positive, got {qty}")
        line = Line(sku, qty, Decimal(str(unit_price)))
        self.lines.append(line)
        return line

    def subtotal(self) -> Decimal:
        return sum((l.amount for l in self.lines), Decimal("0"))

    def discount(self) -> Decimal:
        return (self.subtotal() * self.discount_pct / 100).quantize(CENT, ROUND_HALF_UP)

    def tax(self) -> Decimal:
        return ((self.subtotal() - self.discount()) * self.tax_rate).quantize(CENT, ROUND_HALF_UP)

    def total(self) -> Decimal:
        return self.subtotal() - self.discount() + self.tax()

    def summary(self) -> dict:
        return {
            "customer": self.customer,
            "lines": len(self.lines),
            "subtotal": str(self.subtotal()),
            "total": str(self.total()),
        }


def parse_line(text: str):
    """Parse 'SKU x QTY @ PRICE' into a tuple."""
    try:
        sku, rest = text.split(" x ")
        qty, price = rest.split(" @ ")
        return sku.strip(), int(qty), Decimal(price.strip())
    except ValueError as exc:
        raise InvoiceError(f"cannot parse line: {text!r}") from exc
