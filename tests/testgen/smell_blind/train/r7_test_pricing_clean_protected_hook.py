import unittest

from r7_pricing import PriceCalculator


class CashRoundingCalculator(PriceCalculator):
    """Swiss-style cash rounding to 0.05, overriding only the protected hook."""

    def _round(self, amount):
        return round(round(amount / 0.05) * 0.05, 2)


class PriceHookTest(unittest.TestCase):
    def test_price_uses_rounding_hook(self):
        calc = CashRoundingCalculator(tiers=[])
        # 3 x 1.99 = 5.97 -> cash-rounded to 5.95
        self.assertEqual(calc.price(3, 1.99), 5.95)

    def test_discount_still_applied_before_hook(self):
        calc = CashRoundingCalculator()
        # 10 x 2.03 = 20.30, 5% off = 19.285 -> 19.30
        self.assertEqual(calc.price(10, 2.03), 19.30)

    def test_base_calculator_rounds_to_cents(self):
        self.assertEqual(PriceCalculator(tiers=[]).price(3, 1.99), 5.97)


if __name__ == "__main__":
    unittest.main()
