"""Invoice totals with discounts and tax."""
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")


class InvoiceError(ValueError):
    pass


def round_money(value):
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


class LineItem:
    def __init__(self, sku, unit_price, quantity=1):
        if quantity <= 0:
            raise InvoiceError(f"quantity must be positive for {sku}")
        self.sku = sku
        self.unit_price = Decimal(str(unit_price))
        self.quantity = quantity

    @property
    def amount(self):
        return round_money(self.unit_price * self.quantity)


class Invoice:
    def __init__(self, customer, tax_rate="0.20"):
        self.customer = customer
        self.tax_rate = Decimal(tax_rate)
        self.items = []
        self.discount_pct = Decimal("0")

    def add(self, sku, unit_price, quantity=1):
        item = LineItem(sku, unit_price, quantity)
        self.items.append(item)
        return item

    def apply_discount(self, pct):
        pct = Decimal(str(pct))
        if not (0 <= pct <= 100):
            raise InvoiceError("discount must be between 0 and 100")
        self.discount_pct = pct

    def subtotal(self):
        return sum((i.amount for i in self.items), Decimal("0.00"))

    def discount(self):
        return round_money(self.subtotal() * self.discount_pct / 100)

    def tax(self):
        return round_money((self.subtotal() - self.discount()) * self.tax_rate)

    def total(self):
        return self.subtotal() - self.discount() + self.tax()

    def summary(self):
        return {
            "customer": self.customer,
            "lines": len(self.items),
            "subtotal": str(self.subtotal()),
            "discount": str(self.discount()),
            "tax": str(self.tax()),
            "total": str(self.total()),
        }
