from datetime import datetime
from types import SimpleNamespace

from r10_order_service import OrderService, PriceList

PLACED_AT = datetime(2024, 3, 1, 9, 30)


class InMemoryRepository:
    def __init__(self):
        self.saved = []

    def next_id(self):
        return "ORD-42"

    def save(self, receipt):
        self.saved.append(receipt)


class UnlimitedInventory:
    def available(self, sku):
        return 1_000

    def reserve(self, sku, qty):
        pass


class SentMail:
    def __init__(self):
        self.messages = []

    def send(self, to, subject, body):
        self.messages.append((to, subject, body))


def test_receipt_describes_the_paid_order():
    service = OrderService(
        InMemoryRepository(), PriceList({"pen": 150, "pad": 400}), UnlimitedInventory(),
        payments=SimpleNamespace(charge=lambda c, t: SimpleNamespace(approved=True, reason=None)),
        mailer=SentMail(), clock=SimpleNamespace(now=lambda: PLACED_AT),
    )

    receipt = service.place_order("ada@example.com", {"pen": 2, "pad": 1})

    assert receipt.order_id == "ORD-42"
    assert receipt.customer == "ada@example.com"
    assert receipt.lines == (("pad", 1, 400), ("pen", 2, 150))
    assert receipt.total_cents == 700
    assert receipt.status == "paid"
    assert receipt.placed_at == PLACED_AT


def test_confirmation_mail_names_order_and_total():
    mail = SentMail()
    service = OrderService(
        InMemoryRepository(), PriceList({"pad": 400}), UnlimitedInventory(),
        payments=SimpleNamespace(charge=lambda c, t: SimpleNamespace(approved=True, reason=None)),
        mailer=mail, clock=SimpleNamespace(now=lambda: PLACED_AT),
    )

    service.place_order("ada@example.com", {"pad": 3})

    assert mail.messages == [("ada@example.com", "Order ORD-42 confirmed", "Total: $12.00")]
