"""In-memory stock keeping with reservations."""


class OutOfStock(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"{sku}: requested {requested}, only {available} available")
        self.sku = sku
        self.requested = requested
        self.available = available


class UnknownSku(KeyError):
    pass


class Inventory:
    def __init__(self):
        self._stock = {}
        self._reserved = {}

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self._stock[sku] = self._stock.get(sku, 0) + qty

    def available(self, sku):
        if sku not in self._stock:
            raise UnknownSku(sku)
        return self._stock[sku] - self._reserved.get(sku, 0)

    def reserve(self, sku, qty):
        free = self.available(sku)
        if qty > free:
            raise OutOfStock(sku, qty, free)
        self._reserved[sku] = self._reserved.get(sku, 0) + qty
        return free - qty

    def release(self, sku, qty):
        held = self._reserved.get(sku, 0)
        self._reserved[sku] = max(0, held - qty)
