"""Invoice arithmetic for the billing service."""
from dataclasses import dataclass, field

TAX_RATE = 0.2


def line_total(qty, unit_price):
    return round(qty * unit_price, 2)


def compute_total(lines, tax_rate=TAX_RATE, discount=0.0):
    subtotal = sum(line_total(q, p) for q, p in lines) - discount
    if subtotal < 0:
        raise ValueError("discount exceeds subtotal")
    return round(subtotal * (1 + tax_rate), 2)


def format_number(n):
    if n < 0:
        raise ValueError("invoice number must be non-negative")
    return f"INV-{n:05d}"


@dataclass
class Summary:
    subtotal: float
    tax: float
    total: float
    line_count: int


@dataclass
class Invoice:
    number: int
    customer: str
    lines: list = field(default_factory=list)

    def add_line(self, qty, unit_price):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        self.lines.append((qty, unit_price))

    def summary(self, tax_rate=TAX_RATE):
        subtotal = round(sum(line_total(q, p) for q, p in self.lines), 2)
        tax = round(subtotal * tax_rate, 2)
        return Summary(subtotal, tax, round(subtotal + tax, 2), len(self.lines))
