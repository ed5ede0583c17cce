"""Invoice arithmetic in integer cents."""
from dataclasses import dataclass

DEFAULT_TAX_RATE = 0.08


@dataclass(frozen=True)
class Line:
    description: str
    quantity: int
    unit_price_cents: int


def line_total(line):
    """Quantity times unit price, in cents."""
    if line.quantity < 0:
        raise ValueError("quantity must not be negative")
    return line.quantity * line.unit_price_cents


def subtotal(lines):
    return sum(line_total(line) for line in lines)


def apply_discount(amount_cents, percent):
    """Take `percent` off, rounding half up to the nearest cent."""
    if not 0 <= percent <= 100:
        raise ValueError("percent must be between 0 and 100")
    discounted = amount_cents * (100 - percent)
    return (discounted + 50) // 100


def tax_for(amount_cents, rate=DEFAULT_TAX_RATE):
    return int(amount_cents * rate + 0.5)


def invoice_total(lines, discount_percent=0, tax_rate=DEFAULT_TAX_RATE):
    """Subtotal, minus discount, plus tax on the discounted amount."""
    net = apply_discount(subtotal(lines), discount_percent)
    return net + tax_for(net, tax_rate)


def format_cents(amount_cents):
    sign = "-" if amount_cents < 0 else ""
    whole, cents = divmod(abs(amount_cents), 100)
    return f"{sign}${whole:,}.{cents:02d}"
