from e28b_orders import Order, OrderService


class Repo:
    def __init__(self):
        self.on_save = None

    def save(self, order):
        return 5


class Mailer:
    def send(self, to, body):
        pass


def test_saved_orders_are_placed():
    repo = Repo()

    def check_saved(order):
        assert order.status == "placed"

    repo.on_save = check_saved
    OrderService(repo, Mailer(), {"pen": 2.0}).place(Order("dee@example.com", [("pen", 1)]))
