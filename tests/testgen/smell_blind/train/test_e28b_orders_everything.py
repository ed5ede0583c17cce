import pytest

from e28b_orders import Order, OrderService, line_total, seconds_until


class FakeRepo:
    def __init__(self):
        self.saved = []

    def save(self, order):
        self.saved.append(order)
        return len(self.saved)


class FakeMailer:
    def send(self, to, body):
        pass


def test_orders():
    service = OrderService(FakeRepo(), FakeMailer(), {"pen": 1.5})
    order = service.place(Order("a@example.com", [("pen", 2)]))
    assert order.total == 3.0
    assert line_total(2.5, 4) == 10.0
    assert seconds_until(2) == 7200
    cancelled = service.cancel(order)
    assert cancelled.status == "cancelled"
    assert line_total(0.1, 3) == 0.3
    with pytest.raises(ValueError):
        service.cancel(order)
    assert seconds_until(0.5) == 1800
