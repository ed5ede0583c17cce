"""In-memory stock keeping."""


class InsufficientStock(Exception):
    def __init__(self, sku, wanted, available):
        super().__init__(f"{sku}: wanted {wanted}, only {available} available")
        self.sku, self.wanted, self.available = sku, wanted, available


class Inventory:
    def __init__(self):
        self._stock = {}
        self._listeners = []

    def subscribe(self, fn):
        self._listeners.append(fn)

    def _emit(self, sku):
        for fn in self._listeners:
            fn(sku, self._stock[sku])

    def add(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self._stock[sku] = self._stock.get(sku, 0) + qty
        self._emit(sku)

    def remove(self, sku, qty):
        available = self._stock.get(sku, 0)
        if qty > available:
            raise InsufficientStock(sku, qty, available)
        self._stock[sku] = available - qty
        self._emit(sku)

    def count(self, sku):
        return self._stock.get(sku, 0)

    def low_stock(self, threshold):
        return sorted(s for s, q in self._stock.items() if q < threshold)
