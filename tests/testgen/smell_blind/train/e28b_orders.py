"""Order placement with a repository, a mailer and a price book as collaborators."""
from dataclasses import dataclass, field


@dataclass
class Order:
    customer: str
    lines: list[tuple[str, int]]
    total: float = 0.0
    status: str = "new"
    number: int | None = None


@dataclass
class OrderService:
    repo: object
    mailer: object
    prices: dict[str, float] = field(default_factory=dict)

    def place(self, order: Order) -> Order:
        if not order.lines:
            raise ValueError("an order needs at least one line")
        order.total = round(sum(self.prices[sku] * qty for sku, qty in order.lines), 2)
        order.status = "placed"
        order.number = self.repo.save(order)
        self.mailer.send(order.customer, f"Order {order.number} placed")
        return order

    def cancel(self, order: Order) -> Order:
        if order.status != "placed":
            raise ValueError(f"cannot cancel a {order.status} order")
        order.status = "cancelled"
        self.repo.save(order)
        return order


def line_total(price: float, qty: int) -> float:
    return round(price * qty, 2)


def seconds_until(deadline_hours: float) -> int:
    return int(deadline_hours * 3600)
