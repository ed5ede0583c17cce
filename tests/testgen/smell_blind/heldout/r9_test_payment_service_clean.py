from unittest.mock import Mock

import pytest

from r9_payment_service import FraudSuspected, PaymentDeclined, PaymentService

CUSTOMER = "cust-1"
TEN_DOLLARS = 1_000


class RecordingLedger:
    def __init__(self):
        self.postings = []

    def post(self, payment_id, customer_id, net_cents):
        self.postings.append((payment_id, customer_id, net_cents))


@pytest.fixture
def gateway():
    gw = Mock(name="card_gateway")
    gw.charge.return_value = {"approved": True}
    return gw


@pytest.fixture
def fraud_checker():
    checker = Mock(name="fraud_checker")
    checker.score.return_value = 0.1
    return checker


@pytest.fixture
def ledger():
    return RecordingLedger()


@pytest.fixture
def service(gateway, fraud_checker, ledger):
    return PaymentService(gateway, fraud_checker, ledger)


def test_fee_is_three_percent_plus_thirty_cents(service):
    assert service.fee_for(TEN_DOLLARS) == 60


def test_successful_charge_posts_net_amount(service, ledger):
    result = service.charge(CUSTOMER, TEN_DOLLARS, "USD", "tok_visa")

    assert (result.status, result.amount_cents, result.fee_cents) == ("captured", 1_000, 60)
    assert ledger.postings == [("pay_0001", CUSTOMER, 940)]


def test_declined_charge_raises_with_reason(service, gateway, ledger):
    gateway.charge.return_value = {"approved": False, "reason": "card_expired"}

    with pytest.raises(PaymentDeclined, match="card_expired"):
        service.charge(CUSTOMER, TEN_DOLLARS, "USD", "tok_visa")
    assert ledger.postings == []


def test_high_fraud_score_blocks_before_gateway(service, gateway, fraud_checker):
    fraud_checker.score.return_value = 0.95

    with pytest.raises(FraudSuspected):
        service.charge(CUSTOMER, TEN_DOLLARS, "USD", "tok_visa")
    gateway.charge.assert_not_called()
