import pytest

from e28b_orders import Order, OrderService


class FakeRepo:
    def __init__(self):
        self.saved = []

    def save(self, order):
        self.saved.append(order)
        return len(self.saved)


class FakeMailer:
    def __init__(self):
        self.sent = []

    def send(self, to, body):
        self.sent.append((to, body))


def test_placing_an_order_prices_saves_and_notifies():
    repo, mailer = FakeRepo(), FakeMailer()
    service = OrderService(repo, mailer, {"pen": 1.5, "pad": 4.25})

    placed = service.place(Order("ana@example.com", [("pen", 2), ("pad", 1)]))

    assert placed.total == 7.25
    assert placed.status == "placed"
    assert placed.number == 1
    assert repo.saved == [placed]
    assert len(mailer.sent) == 1
    assert mailer.sent[0][0] == "ana@example.com"
    assert mailer.sent[0][1] == "Order 1 placed"


def test_an_empty_order_is_refused():
    service = OrderService(FakeRepo(), FakeMailer(), {})
    with pytest.raises(ValueError, match="at least one line"):
        service.place(Order("bo@example.com", []))
