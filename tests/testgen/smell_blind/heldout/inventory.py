"""In-memory stock keeping for a single warehouse."""


class OutOfStock(Exception):
    pass


class Inventory:
    def __init__(self):
        self._stock = {}

    def add(self, sku: str, qty: int) -> None:
        if qty <= 0:
            raise ValueError(f"quantity must be positive, got {qty}")
        self._stock[sku] = self._stock.get(sku, 0) + qty

    def remove(self, sku: str, qty: int) -> None:
        have = self._stock.get(sku, 0)
        if qty > have:
            raise OutOfStock(f"cannot remove {qty} x {sku}: only {have} in stock")
        self._stock[sku] = have - qty
        if self._stock[sku] == 0:
            del self._stock[sku]

    def count(self, sku: str) -> int:
        return self._stock.get(sku, 0)

    def skus(self) -> list:
        return sorted(self._stock)

    def transfer_to(self, other: "Inventory", sku: str, qty: int) -> None:
        self.remove(sku, qty)
        other.add(sku, qty)
