# smells: mocks_sut
# subject: billing/subscriptions.py
from unittest import mock

from billing.subscriptions import Billing, Plan


def test_upgrade_charges_the_difference():
    gateway = mock.Mock()
    billing = Billing(gateway, clock=mock.Mock())
    with mock.patch.object(Billing, "prorate", return_value=10.0):
        billing.upgrade("cus_9", Plan("basic", 10.0), Plan("pro", 30.0), 30, 30)
        assert billing.prorate(Plan("basic", 10.0), 30, 30) == 10.0
    gateway.charge.assert_called_once_with("cus_9", 20.0)
