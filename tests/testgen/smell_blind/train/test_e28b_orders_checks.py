from e28b_orders import Order, OrderService


class Repo:
    def save(self, order):
        return 3


class Mailer:
    def __init__(self):
        self.sent = []

    def send(self, to, body):
        self.sent.append((to, body))


def check_placed(order, total):
    """Fails with the order's state, so a red run says what was placed."""
    if order.status != "placed" or order.total != total:
        raise AssertionError(f"placed {order.status} at {order.total}, wanted {total}")


class TestPlacing:
    def verify_mail(self, mailer, number):
        assert mailer.sent == [("ana@example.com", f"Order {number} placed")], mailer.sent

    def test_a_pen_order(self):
        mailer = Mailer()
        order = OrderService(Repo(), mailer, {"pen": 1.5}).place(
            Order("ana@example.com", [("pen", 2)]))
        check_placed(order, 3.0)
        self.verify_mail(mailer, 3)
