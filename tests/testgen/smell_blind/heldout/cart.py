"""Shopping cart with a tax-inclusive summary."""
from dataclasses import dataclass

from pricing import TAX_RATE


@dataclass
class CartSummary:
    item_count: int
    subtotal: float
    tax: float
    total: float


class Cart:
    def __init__(self):
        self._lines = []

    def add(self, name: str, unit_price: float, qty: int = 1) -> None:
        if qty < 1:
            raise ValueError("qty must be at least 1")
        self._lines.append((name, unit_price, qty))

    def subtotal(self) -> float:
        return round(sum(price * qty for _, price, qty in self._lines), 2)

    def summary(self, tax_rate: float = TAX_RATE) -> CartSummary:
        subtotal = self.subtotal()
        tax = round(subtotal * tax_rate, 2)
        return CartSummary(
            item_count=sum(qty for _, _, qty in self._lines),
            subtotal=subtotal,
            tax=tax,
            total=round(subtotal + tax, 2),
        )
