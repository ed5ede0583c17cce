from e28b_orders import Order, OrderService


class Repo:
    def save(self, order):
        return 7


class Mailer:
    def send(self, to, body):
        pass


def test_total_matches_prices():
    prices = {"pen": 1.25, "pad": 3.5}
    lines = [("pen", 4), ("pad", 2)]
    service = OrderService(Repo(), Mailer(), prices)
    order = service.place(Order("c@example.com", lines))
    expected = round(sum(prices[sku] * qty for sku, qty in lines), 2)
    assert order.total == expected
