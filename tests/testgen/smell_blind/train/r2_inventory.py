"""In-memory stock keeping."""


class InsufficientStock(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"cannot remove {requested} of {sku}: only {available} left")
        self.sku = sku
        self.requested = requested
        self.available = available


class Inventory:
    def __init__(self, low_stock_threshold=5):
        self._stock = {}
        self.low_stock_threshold = low_stock_threshold

    def add(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self._stock[sku] = self._stock.get(sku, 0) + qty

    def remove(self, sku, qty):
        have = self._stock.get(sku, 0)
        if qty > have:
            raise InsufficientStock(sku, qty, have)
        self._stock[sku] = have - qty

    def quantity(self, sku):
        return self._stock.get(sku, 0)

    def low_stock(self):
        return sorted(s for s, q in self._stock.items() if q < self.low_stock_threshold)

    def skus(self):
        return sorted(self._stock)
