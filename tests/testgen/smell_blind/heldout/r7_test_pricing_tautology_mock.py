import unittest
from unittest import mock

from r7_pricing import PriceCalculator, quote


class QuoteTest(unittest.TestCase):
    def test_quote_amount_from_calculator(self):
        calculator = mock.Mock(spec=PriceCalculator)
        calculator.price.return_value = 42.0
        catalog = mock.Mock()
        catalog.unit_price.return_value = 4.2

        result = quote(calculator, catalog, fx=None, sku="A-1", qty=10)

        self.assertEqual(calculator.price.return_value, 42.0)
        self.assertEqual(result["amount"], calculator.price.return_value)


if __name__ == "__main__":
    unittest.main()
