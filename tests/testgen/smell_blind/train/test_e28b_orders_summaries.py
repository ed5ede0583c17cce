from e28b_orders import Order, OrderService


class Repo:
    def save(self, order):
        return 3


class Mailer:
    def send(self, to, body):
        pass


def check_order(order):
    """Builds a one-line summary of the order for the log."""
    return f"{order.number} {order.status} {order.total:.2f}"


def test_orders_are_placed():
    service = OrderService(Repo(), Mailer(), {"pen": 1.5, "pad": 4.0})
    for lines in ([("pen", 1)], [("pad", 2), ("pen", 3)]):
        order = service.place(Order("bo@example.com", lines))
        print(check_order(order))
