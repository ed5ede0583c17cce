"""Place orders through injected collaborators."""
from dataclasses import dataclass
from datetime import datetime


class OutOfStock(Exception):
    pass


class PaymentDeclined(Exception):
    pass


@dataclass(frozen=True)
class Receipt:
    order_id: str
    customer: str
    lines: tuple
    total_cents: int
    status: str
    placed_at: datetime


class PriceList:
    """Unit prices in cents, looked up by sku."""

    def __init__(self, prices):
        self._prices = dict(prices)

    def unit_price(self, sku):
        return self._prices[sku]


class AuditTrail:
    """In-memory audit log of (event, customer, amount) tuples."""

    def __init__(self):
        self.events = []

    def record(self, event, customer, amount):
        self.events.append((event, customer, amount))


class SystemClock:
    def now(self):
        return datetime.now()


class OrderService:
    def __init__(self, repository, pricing, inventory, payments, mailer, clock=None, audit=None):
        self.repository = repository
        self.pricing = pricing
        self.inventory = inventory
        self.payments = payments
        self.mailer = mailer
        self.clock = clock or SystemClock()
        self.audit = audit if audit is not None else AuditTrail()

    def place_order(self, customer, items):
        """items maps sku -> quantity. Returns a Receipt or raises."""
        if not items:
            raise ValueError("order has no items")
        for sku, qty in items.items():
            if self.inventory.available(sku) < qty:
                raise OutOfStock(sku)
        lines = tuple(
            (sku, qty, self.pricing.unit_price(sku)) for sku, qty in sorted(items.items())
        )
        total = sum(qty * price for _, qty, price in lines)
        charge = self.payments.charge(customer, total)
        if not charge.approved:
            self.audit.record("declined", customer, total)
            raise PaymentDeclined(charge.reason)
        for sku, qty, _ in lines:
            self.inventory.reserve(sku, qty)
        order_id = self.repository.next_id()
        receipt = Receipt(order_id, customer, lines, total, "paid", self.clock.now())
        self.repository.save(receipt)
        self.mailer.send(customer, f"Order {order_id} confirmed", f"Total: ${total / 100:.2f}")
        self.audit.record("placed", customer, total)
        return receipt
