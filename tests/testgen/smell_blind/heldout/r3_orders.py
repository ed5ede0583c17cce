"""Order placement workflow."""
from dataclasses import dataclass


class OrderRejected(Exception):
    pass


@dataclass
class Order:
    id: str
    customer_id: str
    items: dict
    total_cents: int
    status: str = "new"


class OrderService:
    def __init__(self, repo, inventory, payments, mailer, ids, clock, prices):
        self.repo = repo
        self.inventory = inventory
        self.payments = payments
        self.mailer = mailer
        self.ids = ids
        self.clock = clock
        self.prices = prices

    def place(self, customer_id: str, items: dict) -> Order:
        if not items:
            raise OrderRejected("empty order")
        for sku, qty in items.items():
            if self.inventory.available(sku) < qty:
                raise OrderRejected(f"insufficient stock for {sku}")
        total = sum(self.prices[sku] * qty for sku, qty in items.items())
        order = Order(self.ids(), customer_id, dict(items), total)
        charge = self.payments.charge(customer_id, total)
        if not charge.get("ok"):
            raise OrderRejected(f"payment declined: {charge.get('reason', 'unknown')}")
        for sku, qty in items.items():
            self.inventory.take(sku, qty)
        order.status = "paid"
        self.repo.save(order, placed_at=self.clock())
        self.mailer.send(customer_id, f"Order {order.id} confirmed")
        return order
