import unittest
from decimal import Decimal

from r9_csv_parser import ParseError, parse_orders

SAMPLE = """order_id,customer,amount,currency
A-1,Acme Ltd,"1,250.00",usd
A-2,Globex,99.90,EUR
"""


class ParseOrdersTest(unittest.TestCase):
    def test_amount_with_thousands_separator(self):
        rows = parse_orders(SAMPLE)
        self.assertEqual(rows[0].amount, Decimal("1250.00"))

    def test_every_currency_is_upper_case(self):
        rows = parse_orders(SAMPLE)

        def check(row):
            self.assertTrue(row.currency.isupper())
            self.assertEqual(len(row.currency), 3)

        map(check, rows)

    def test_rows_keep_customer_names(self):
        rows = parse_orders(SAMPLE)
        for row in rows:
            row.customer.strip()

    def test_negative_amount_is_rejected(self):
        with self.assertRaises(ParseError):
            parse_orders("order_id,customer,amount,currency\nA-3,Initech,-5.00,USD\n")


if __name__ == "__main__":
    unittest.main()
