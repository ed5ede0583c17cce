"""Order placement: reserve stock, charge, persist, notify."""
from dataclasses import dataclass


@dataclass
class Order:
    id: str
    customer_id: str
    total: float
    status: str
    placed_at: object


def compute_total(lines, tax_rate: float) -> float:
    subtotal = sum(line["unit_price"] * line["qty"] for line in lines)
    return round(subtotal * (1 + tax_rate), 2)


class OrderService:
    def __init__(self, repo, payments, inventory, notifier, clock, audit, tax):
        self.repo, self.payments, self.inventory = repo, payments, inventory
        self.notifier, self.clock, self.audit, self.tax = notifier, clock, audit, tax

    def place_order(self, customer_id: str, lines) -> Order:
        for line in lines:
            self.inventory.reserve(line["sku"], line["qty"])
        total = compute_total(lines, self.tax.rate_for(customer_id))
        charge = self.payments.charge(customer_id, total)
        order = Order(
            id=self.repo.next_id(),
            customer_id=customer_id,
            total=total,
            status="paid" if charge.ok else "payment_failed",
            placed_at=self.clock.now(),
        )
        self.repo.save(order)
        self.audit.record("order_placed", order.id)
        if charge.ok:
            self.notifier.order_confirmed(customer_id, order.id)
        return order
