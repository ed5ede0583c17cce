from unittest.mock import MagicMock

import pytest

from r9_payment_service import PaymentService

CUSTOMER = "cust-1"
AMOUNT_CENTS = 10_000
CARD = "tok_visa"


def test_charge_captures_and_records_everything():
    gateway = MagicMock()
    fraud_checker = MagicMock()
    ledger = MagicMock()
    notifier = MagicMock()
    id_generator = MagicMock()
    audit_log = MagicMock()
    currency_converter = MagicMock()
    gateway.charge.return_value = {"approved": True}
    fraud_checker.score.return_value = 0.1
    id_generator.next_id.return_value = "pay_1"
    currency_converter.to_usd_cents.return_value = AMOUNT_CENTS
    service = PaymentService(gateway, fraud_checker, ledger, notifier,
                             id_generator, audit_log, currency_converter)

    result = service.charge(CUSTOMER, AMOUNT_CENTS, "USD", CARD)

    assert result.status == "captured"
    currency_converter.to_usd_cents.assert_called_once_with(AMOUNT_CENTS, "USD")
    fraud_checker.score.assert_called_once_with(CUSTOMER, AMOUNT_CENTS)
    id_generator.next_id.assert_called_once()
    gateway.charge.assert_called_once_with(CARD, AMOUNT_CENTS, idempotency_key="pay_1")
    ledger.post.assert_called_once_with("pay_1", CUSTOMER, 9_670)
    notifier.send_receipt.assert_called_once_with(CUSTOMER, "pay_1", AMOUNT_CENTS)
    audit_log.record.assert_called_once_with("charged", CUSTOMER)


def test_non_positive_amount_is_rejected():
    service = PaymentService(gateway=MagicMock(), fraud_checker=MagicMock(), ledger=MagicMock())
    with pytest.raises(ValueError, match="amount must be positive"):
        service.charge(CUSTOMER, 0, "USD", CARD)
