"""Volume pricing."""


class PriceCalculator:
    def __init__(self, tiers=None):
        self.tiers = sorted(tiers or [(100, 0.10), (10, 0.05)], reverse=True)

    def discount_rate(self, qty):
        for threshold, rate in self.tiers:
            if qty >= threshold:
                return rate
        return 0.0

    def price(self, qty, unit_price):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        gross = qty * unit_price
        return self._round(gross * (1 - self.discount_rate(qty)))

    def _round(self, amount):
        """Rounding hook; subclasses may use cash rounding."""
        return round(amount, 2)


def quote(calculator, catalog, fx, sku, qty, currency="EUR"):
    unit = catalog.unit_price(sku)
    amount = calculator.price(qty, unit)
    if currency != "EUR":
        amount = round(amount * fx.rate("EUR", currency), 2)
    return {"sku": sku, "qty": qty, "amount": amount, "currency": currency}
