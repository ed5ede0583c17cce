# smells: none
# subject: billing/subscriptions.py
from unittest.mock import Mock

import pytest

from billing.subscriptions import Billing, Plan


@pytest.fixture
def billing():
    gateway = Mock(name="gateway")
    gateway.charge.return_value = "rcpt-1"
    clock = Mock(name="clock")
    clock.now.return_value = "2024-05-01T00:00:00Z"
    return Billing(gateway, clock)


def test_half_a_month_costs_half_the_price(billing):
    assert billing.prorate(Plan("pro", 30.0), 15, 30) == 15.0


def test_charge_goes_through_the_gateway(billing):
    receipt = billing.charge("cus_1", Plan("pro", 30.0))
    assert receipt == {"customer": "cus_1", "amount": 30.0, "receipt": "rcpt-1",
                       "at": "2024-05-01T00:00:00Z"}
    billing.gateway.charge.assert_called_once_with("cus_1", 30.0)
