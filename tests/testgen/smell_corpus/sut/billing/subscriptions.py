from dataclasses import dataclass


@dataclass
class Plan:
    name: str
    monthly_price: float


class Billing:
    def __init__(self, gateway, clock):
        self.gateway = gateway
        self.clock = clock

    def prorate(self, plan, days_used, days_in_period):
        return plan.monthly_price * days_used / days_in_period

    def charge(self, customer, plan):
        amount = plan.monthly_price
        receipt = self.gateway.charge(customer, amount)
        return {"customer": customer, "amount": amount, "receipt": receipt,
                "at": self.clock.now()}

    def upgrade(self, customer, old, new, days_used, days_in_period):
        credit = self.prorate(old, days_used, days_in_period)
        return self.gateway.charge(customer, new.monthly_price - credit)
