from e28b_orders import Order, OrderService


class Repo:
    def save(self, order):
        return 7


class Mailer:
    def send(self, to, body):
        pass


def test_total_of_several_lines():
    service = OrderService(Repo(), Mailer(), {"pen": 1.25, "pad": 3.5})
    order = service.place(Order("c@example.com", [("pen", 4), ("pad", 2)]))
    # 4 pens at 1.25 and 2 pads at 3.50
    assert order.total == 4 * 1.25 + 2 * 3.5


def test_cancel_after_place():
    service = OrderService(Repo(), Mailer(), {"pen": 1.25})
    order = service.place(Order("c@example.com", [("pen", 1)]))
    assert service.cancel(order).status == "cancelled"
