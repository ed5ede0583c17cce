"""Order placement orchestrating several collaborators."""


class OrderRejected(Exception):
    pass


class OrderService:
    def __init__(self, repository, payments, inventory, mailer, logger, clock, id_factory):
        self.repository = repository
        self.payments = payments
        self.inventory = inventory
        self.mailer = mailer
        self.logger = logger
        self.clock = clock
        self.id_factory = id_factory

    def place(self, customer_email, items):
        if not items:
            raise OrderRejected("order has no items")
        for sku, qty in items:
            if self.inventory.quantity(sku) < qty:
                raise OrderRejected(f"{sku} is out of stock")
        total = sum(self.repository.price_of(sku) * qty for sku, qty in items)
        charge = self.payments.charge(customer_email, total)
        if not charge.get("ok"):
            raise OrderRejected("payment declined")
        for sku, qty in items:
            self.inventory.remove(sku, qty)
        order = {
            "id": self.id_factory(),
            "email": customer_email,
            "items": list(items),
            "total": total,
            "placed_at": self.clock(),
            "charge_id": charge["id"],
        }
        self.repository.save(order)
        self.mailer.send(customer_email, "Order confirmed", f"Order {order['id']} total {total}")
        self.logger.info("order placed %s", order["id"])
        return order
