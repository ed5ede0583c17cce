from e28b_orders import Order, OrderService


class Repo:
    def save(self, order):
        return 9


class Mailer:
    def send(self, to, body):
        pass


def test_total_of_a_mixed_order():
    service = OrderService(Repo(), Mailer(), {"pen": 1.25, "pad": 3.5})
    order = service.place(Order("eve@example.com", [("pen", 4), ("pad", 2)]))
    pens, pads = 5.0, 7.0  # 4 x 1.25 and 2 x 3.50, worked out by hand
    expected = pens + pads
    assert order.total == expected


def test_a_fraction_of_a_cent_is_rounded():
    service = OrderService(Repo(), Mailer(), {"bolt": 0.333})
    order = service.place(Order("eve@example.com", [("bolt", 3)]))
    expected = 1.0
    assert order.total == expected
