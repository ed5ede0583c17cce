"""Order placement orchestrating inventory, payments, mailer."""


class OutOfStock(Exception):
    pass


def price_order(items, catalog):
    return round(sum(catalog[sku] * qty for sku, qty in items), 2)


class OrderService:
    def __init__(self, inventory, payments, mailer, catalog):
        self.inventory = inventory
        self.payments = payments
        self.mailer = mailer
        self.catalog = catalog

    def place(self, customer, items):
        for sku, qty in items:
            if self.inventory.available(sku) < qty:
                raise OutOfStock(f"{sku} has fewer than {qty} units")
        total = price_order(items, self.catalog)
        charge_id = self.payments.charge(customer, total)
        for sku, qty in items:
            self.inventory.reserve(sku, qty)
        self.mailer.send(customer, f"Order confirmed: {total:.2f}")
        return {"charge": charge_id, "total": total}
