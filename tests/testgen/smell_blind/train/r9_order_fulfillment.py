"""Order fulfillment workflow: reserve stock, pick warehouse, book shipment."""


class OutOfStock(Exception):
    pass


class FulfillmentService:
    def __init__(self, inventory, warehouses, carrier, label_printer, mailer, clock, metrics):
        self.inventory = inventory
        self.warehouses = warehouses
        self.carrier = carrier
        self.label_printer = label_printer
        self.mailer = mailer
        self.clock = clock
        self.metrics = metrics

    def fulfill(self, order: dict) -> dict:
        for line in order["lines"]:
            if not self.inventory.reserve(line["sku"], line["qty"]):
                self.metrics.increment("fulfillment.out_of_stock")
                raise OutOfStock(line["sku"])
        warehouse = self.warehouses.nearest(order["postcode"])
        weight = sum(line["qty"] * line["unit_weight_g"] for line in order["lines"])
        shipment = self.carrier.book(warehouse, order["postcode"], weight)
        label = self.label_printer.print_label(shipment["tracking"], order["address"])
        shipped_at = self.clock.now()
        self.mailer.send(order["email"], "Your order has shipped", shipment["tracking"])
        self.metrics.increment("fulfillment.shipped")
        return {
            "order_id": order["id"],
            "warehouse": warehouse,
            "tracking": shipment["tracking"],
            "weight_g": weight,
            "label": label,
            "shipped_at": shipped_at,
        }
