"""Billing for a small shop: line and order prices, shipping, checkout, charging."""


class OutOfStock(Exception):
    pass


def line(catalog, sku, qty):
    return round(catalog[sku] * qty, 2)


def price(items, catalog):
    return round(sum(line(catalog, sku, qty) for sku, qty in items), 2)


def shipping(items, catalog):
    return 0 if price(items, catalog) >= 50 else 4.99


def checkout(items, catalog, percent=0):
    sub = price(items, catalog)
    if percent:
        sub = sub * (1 - percent / 100)
    return round(sub + shipping(items, catalog), 2)


def amount(cents):
    return f"{cents / 100:.2f} EUR"


class Inventory:
    def __init__(self, stock):
        self.stock = dict(stock)

    def available(self, sku):
        return self.stock.get(sku, 0)

    def take(self, sku, qty):
        self.stock[sku] = self.available(sku) - qty


class BillingService:
    def __init__(self, inventory, payments, catalog):
        self.inventory = inventory
        self.payments = payments
        self.catalog = catalog

    def charge_order(self, customer, items, percent=0):
        for sku, qty in items:
            if self.inventory.available(sku) < qty:
                raise OutOfStock(f"{sku}: fewer than {qty}")
        total = checkout(items, self.catalog, percent)
        receipt = self.payments.charge(customer, total)
        for sku, qty in items:
            self.inventory.take(sku, qty)
        return {"receipt": receipt, "total": total}
