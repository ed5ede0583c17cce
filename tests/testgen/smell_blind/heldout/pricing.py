"""Price helpers shared by the cart and the invoice generator."""

TAX_RATE = 0.08
MAX_DISCOUNT_PCT = 50
# (minimum quantity, price factor), checked from the largest tier down
BULK_TIERS = ((100, 0.85), (10, 0.95))


def apply_discount(price: float, pct: float) -> float:
    """Return ``price`` reduced by ``pct`` percent, rounded to cents."""
    if not 0 <= pct <= MAX_DISCOUNT_PCT:
        raise ValueError(f"discount must be between 0 and {MAX_DISCOUNT_PCT}%, got {pct}")
    return round(price * (1 - pct / 100), 2)


def total_with_tax(subtotal: float, rate: float = TAX_RATE) -> float:
    if subtotal < 0:
        raise ValueError("subtotal cannot be negative")
    return round(subtotal * (1 + rate), 2)


def bulk_unit_price(unit_price: float, quantity: int) -> float:
    """Unit price after the volume discount for ``quantity`` items."""
    for threshold, factor in BULK_TIERS:
        if quantity >= threshold:
            return round(unit_price * factor, 2)
    return unit_price
