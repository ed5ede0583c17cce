from unittest.mock import MagicMock

import pytest

from r9_payment_service import FraudSuspected, PaymentDeclined, PaymentService


def build_service(**overrides):
    deps = {
        "gateway": MagicMock(name="gateway"),
        "fraud_checker": MagicMock(name="fraud_checker"),
        "ledger": MagicMock(name="ledger"),
        "notifier": MagicMock(name="notifier"),
        "id_generator": MagicMock(name="id_generator"),
        "audit_log": MagicMock(name="audit_log"),
        "currency_converter": MagicMock(name="currency_converter"),
    }
    deps.update(overrides)
    return PaymentService(**deps), deps


def test_declined_charge_is_audited_and_not_posted():
    service, deps = build_service()
    deps["currency_converter"].to_usd_cents.return_value = 2_500
    deps["fraud_checker"].score.return_value = 0.2
    deps["id_generator"].next_id.return_value = "pay_9"
    deps["gateway"].charge.return_value = {"approved": False, "reason": "insufficient_funds"}

    with pytest.raises(PaymentDeclined):
        service.charge("cust-9", 2_500, "USD", "tok_mc")

    deps["gateway"].charge.assert_called_once_with("tok_mc", 2_500, idempotency_key="pay_9")
    deps["audit_log"].record.assert_called_once_with("declined", "cust-9")
    deps["ledger"].post.assert_not_called()
    deps["notifier"].send_receipt.assert_not_called()
    deps["id_generator"].next_id.assert_called_once_with()


def test_high_fraud_score_blocks_before_gateway():
    service, deps = build_service()
    deps["currency_converter"].to_usd_cents.return_value = 50_000
    deps["fraud_checker"].score.return_value = 0.95

    with pytest.raises(FraudSuspected):
        service.charge("cust-13", 50_000, "USD", "tok_amex")

    deps["fraud_checker"].score.assert_called_once_with("cust-13", 50_000)
    deps["audit_log"].record.assert_called_once_with("fraud_block", "cust-13")
    deps["gateway"].charge.assert_not_called()
    deps["id_generator"].next_id.assert_not_called()
    deps["ledger"].post.assert_not_called()
