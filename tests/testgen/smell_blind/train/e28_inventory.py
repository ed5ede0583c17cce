"""Stock levels per SKU, with a low-stock alert."""


class Inventory:
    def __init__(self, alert=None, low_mark: int = 2) -> None:
        self._levels: dict[str, int] = {}
        self._alert = alert
        self._low_mark = low_mark

    def add(self, sku: str, quantity: int) -> None:
        if quantity <= 0:
            raise ValueError(f"quantity must be positive, got {quantity}")
        self._levels[sku] = self._levels.get(sku, 0) + quantity

    def remove(self, sku: str, quantity: int) -> None:
        have = self._levels.get(sku, 0)
        if quantity > have:
            raise ValueError(f"only {have} of {sku} in stock")
        self._levels[sku] = have - quantity
        if self._alert is not None and self._levels[sku] <= self._low_mark:
            self._alert(sku, self._levels[sku])

    def level(self, sku: str) -> int:
        return self._levels.get(sku, 0)
