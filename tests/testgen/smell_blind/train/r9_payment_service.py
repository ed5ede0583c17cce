"""Payment service orchestrating gateway, fraud checks, ledger and notifications."""
import itertools
from dataclasses import dataclass


class PaymentDeclined(Exception):
    pass


class FraudSuspected(Exception):
    pass


@dataclass
class PaymentResult:
    payment_id: str
    status: str
    amount_cents: int
    fee_cents: int


class PaymentService:
    FEE_PERCENT = 3  # processor fee, percent of amount
    FEE_FIXED_CENTS = 30

    def __init__(self, gateway, fraud_checker, ledger, notifier=None, id_generator=None,
                 audit_log=None, currency_converter=None):
        self.gateway = gateway
        self.fraud_checker = fraud_checker
        self.ledger = ledger
        self.notifier = notifier or _NullNotifier()
        self.id_generator = id_generator or _SequentialIds()
        self.audit_log = audit_log or _MemoryAuditLog()
        self.currency_converter = currency_converter or _UsdOnly()

    def fee_for(self, amount_cents: int) -> int:
        return amount_cents * self.FEE_PERCENT // 100 + self.FEE_FIXED_CENTS

    def charge(self, customer_id: str, amount: int, currency: str, card_token: str) -> PaymentResult:
        if amount <= 0:
            raise ValueError("amount must be positive")
        amount_cents = self.currency_converter.to_usd_cents(amount, currency)
        if self.fraud_checker.score(customer_id, amount_cents) > 0.8:
            self.audit_log.record("fraud_block", customer_id)
            raise FraudSuspected(customer_id)
        payment_id = self.id_generator.next_id()
        response = self.gateway.charge(card_token, amount_cents, idempotency_key=payment_id)
        if not response.get("approved"):
            self.audit_log.record("declined", customer_id)
            raise PaymentDeclined(response.get("reason", "unknown"))
        fee = self.fee_for(amount_cents)
        self.ledger.post(payment_id, customer_id, amount_cents - fee)
        self.notifier.send_receipt(customer_id, payment_id, amount_cents)
        self.audit_log.record("charged", customer_id)
        return PaymentResult(payment_id, "captured", amount_cents, fee)


class _NullNotifier:
    def send_receipt(self, customer_id, payment_id, amount_cents):
        pass


class _SequentialIds:
    def __init__(self):
        self._counter = itertools.count(1)

    def next_id(self):
        return f"pay_{next(self._counter):04d}"


class _MemoryAuditLog:
    def __init__(self):
        self.entries = []

    def record(self, event, customer_id):
        self.entries.append((event, customer_id))


class _UsdOnly:
    def to_usd_cents(self, amount, currency):
        if currency != "USD":
            raise ValueError(f"unsupported currency {currency}")
        return amount
