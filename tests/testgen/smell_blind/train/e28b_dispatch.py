"""Dispatching a parcel: five collaborators, one decision each."""


class Dispatcher:
    def __init__(self, stock, rates, carrier, labels, audit):
        self.stock, self.rates, self.carrier = stock, rates, carrier
        self.labels, self.audit = labels, audit

    def dispatch(self, order_id, items, country):
        missing = [sku for sku in items if not self.stock.reserve(sku)]
        if missing:
            self.audit.record(order_id, "short", missing)
            return {"order": order_id, "status": "short", "missing": missing}
        price = self.rates.quote(country, len(items))
        tracking = self.carrier.book(order_id, country)
        label = self.labels.render(order_id, tracking)
        self.audit.record(order_id, "sent", tracking)
        return {"order": order_id, "status": "sent", "price": price, "tracking": tracking,
                "label": label}
