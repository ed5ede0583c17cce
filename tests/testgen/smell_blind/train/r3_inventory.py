"""Warehouse stock keeping."""
from datetime import datetime, timedelta, timezone


class OutOfStockError(Exception):
    def __init__(self, sku, requested, available):
        super().__init__(f"{sku}: requested {requested}, only {available} available")
        self.sku = sku
        self.requested = requested
        self.available = available


class Inventory:
    RESERVATION_TTL = timedelta(minutes=15)

    def __init__(self, now=lambda: datetime.now(timezone.utc)):
        self._stock = {}
        self._reservations = {}
        self._now = now
        self._next_id = 1

    def receive(self, sku, qty):
        if qty <= 0:
            raise ValueError("qty must be positive")
        self._stock[sku] = self._stock.get(sku, 0) + qty

    def on_hand(self, sku):
        return self._stock.get(sku, 0)

    def available(self, sku):
        self._expire()
        held = sum(q for s, q, _ in self._reservations.values() if s == sku)
        return self.on_hand(sku) - held

    def reserve(self, sku, qty):
        avail = self.available(sku)
        if qty > avail:
            raise OutOfStockError(sku, qty, avail)
        rid = f"R{self._next_id}"
        self._next_id += 1
        expires = self._now() + self.RESERVATION_TTL
        self._reservations[rid] = (sku, qty, expires)
        return {"id": rid, "sku": sku, "qty": qty, "expires_at": expires}

    def _expire(self):
        now = self._now()
        for rid in [r for r, (_, _, exp) in self._reservations.items() if exp <= now]:
            del self._reservations[rid]
