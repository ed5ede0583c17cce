import unittest
from unittest import mock

from e28c_billing import BillingService, Inventory

CATALOG = {"mug": 8.5, "tee": 19.99}


class ChargeOrderTest(unittest.TestCase):
    @mock.patch("e28c_billing.BillingService.__init__", return_value=None)
    def test_charge_order_with_a_coupon(self, _init):
        service = BillingService(None, None, None)
        service.inventory = Inventory({"tee": 5})
        service.payments = mock.Mock()
        service.payments.charge.return_value = "r-2"
        service.catalog = CATALOG
        result = service.charge_order("bob", [("tee", 3)], percent=10)
        self.assertEqual(result, {"receipt": "r-2", "total": 53.97})


if __name__ == "__main__":
    unittest.main()
