from decimal import Decimal

import pytest

from r9_csv_parser import parse_amount, parse_orders, total_by_currency

SAMPLE = """order_id,customer,amount,currency
A-1,Acme Ltd,"1,250.00",usd
A-2,Globex,99.90,EUR
A-3,Initech,10.10,USD
"""


@pytest.mark.parametrize("raw", ["1,250.00", " 99.90 ", "0"])
def test_parse_amount_strips_separators(raw):
    assert parse_amount(raw, line_no=2) == Decimal(raw.replace(",", "").strip())


def test_totals_per_currency():
    rows = parse_orders(SAMPLE)
    expected = {}
    for row in rows:
        expected[row.currency] = expected.get(row.currency, Decimal("0")) + row.amount
    assert total_by_currency(rows) == expected


def test_parse_is_deterministic():
    assert parse_orders(SAMPLE) == parse_orders(SAMPLE)
