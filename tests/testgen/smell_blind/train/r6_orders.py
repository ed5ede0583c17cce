"""Order placement service coordinating several collaborators."""
from dataclasses import dataclass


class PaymentDeclined(Exception):
    pass


@dataclass
class Order:
    id: str
    customer_email: str
    items: list
    total_cents: int
    status: str = "new"


class OrderService:
    def __init__(self, repo, payments, mailer, pricing, id_gen, audit=None, logger=None):
        self.repo = repo
        self.payments = payments
        self.mailer = mailer
        self.pricing = pricing
        self.id_gen = id_gen
        self.audit = audit
        self.logger = logger

    def place_order(self, customer_email, items):
        if not items:
            raise ValueError("an order needs at least one item")
        total = sum(self.pricing.price_of(sku) * qty for sku, qty in items)
        order = Order(self.id_gen(), customer_email, list(items), total)
        charge = self.payments.charge(customer_email, total)
        if not charge.get("ok"):
            order.status = "payment_failed"
            self.repo.save(order)
            raise PaymentDeclined(charge.get("reason", "unknown"))
        order.status = "paid"
        self.repo.save(order)
        self.mailer.send(customer_email, f"Order {order.id} confirmed", f"Total: {total / 100:.2f}")
        if self.audit:
            self.audit.record("order_placed", order.id)
        if self.logger:
            self.logger.info("placed order %s", order.id)
        return order


def cancel_order(repo, payments, mailer, order_id):
    order = repo.get(order_id)
    if order.status != "paid":
        return False
    payments.refund(order.customer_email, order.total_cents)
    order.status = "cancelled"
    repo.save(order)
    mailer.send(order.customer_email, f"Order {order.id} cancelled", "")
    return True
