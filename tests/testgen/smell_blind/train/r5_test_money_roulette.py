import unittest

from r5_money import CurrencyMismatchError, Money


class MoneyTest(unittest.TestCase):
    def test_unsupported_currency_is_rejected(self):
        with self.assertRaisesRegex(ValueError, "unsupported currency: JPY"):
            Money(100, "JPY")

    def test_mixing_currencies_raises_mismatch(self):
        with self.assertRaises(CurrencyMismatchError):
            Money(100, "USD") - Money(100, "GBP")

    def test_money_operations(self):
        a = Money(1050)
        b = Money(250)
        self.assertEqual((a + b).cents, 1300)
        self.assertEqual((a - b).cents, 800)
        self.assertEqual(a.multiply(3).cents, 3150)
        self.assertEqual(a.format(), "$10.50")
        self.assertEqual(Money(-1).format(), "-$0.01")
        self.assertEqual([m.cents for m in Money(10).allocate([1, 2])], [4, 6])
        self.assertEqual(Money(1000).apply_tax(20).cents, 1200)
        self.assertTrue(Money(0, "EUR").format().startswith("\u20ac"))
        self.assertNotEqual(Money(100, "USD"), Money(100, "EUR"))
        self.assertEqual(Money(5).multiply("0.5").cents, 2)
        self.assertIsInstance(hash(a), int)


if __name__ == "__main__":
    unittest.main()
