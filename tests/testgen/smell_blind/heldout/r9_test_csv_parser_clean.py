import unittest
from decimal import Decimal

from r9_csv_parser import OrderRow, ParseError, parse_orders, total_by_currency

HEADER = "order_id,customer,amount,currency\n"


class ParseOrdersTest(unittest.TestCase):
    def test_parses_and_normalises_a_row(self):
        rows = parse_orders(HEADER + 'A-1, Acme Ltd ,"1,250.00",usd\n')
        self.assertEqual(rows, [OrderRow("A-1", "Acme Ltd", Decimal("1250.00"), "USD")])

    def test_blank_lines_are_skipped(self):
        rows = parse_orders(HEADER + ",,,\nA-2,Globex,99.90,EUR\n")
        self.assertEqual([r.order_id for r in rows], ["A-2"])

    def test_missing_column_is_reported(self):
        with self.assertRaisesRegex(ParseError, "missing columns: currency"):
            parse_orders("order_id,customer,amount\nA-1,Acme,1.00\n")

    def test_bad_amount_reports_line_number(self):
        with self.assertRaises(ParseError) as ctx:
            parse_orders(HEADER + "A-1,Acme,1.00,USD\nA-2,Globex,twelve,USD\n")
        self.assertEqual(ctx.exception.line_no, 3, "second data row is line 3 of the file")

    def test_totals_are_grouped_by_currency(self):
        rows = parse_orders(HEADER + "A-1,Acme,10.10,USD\nA-2,Globex,5.00,EUR\nA-3,Initech,0.90,usd\n")
        self.assertEqual(total_by_currency(rows), {"USD": Decimal("11.00"), "EUR": Decimal("5.00")})


if __name__ == "__main__":
    unittest.main()
