import pytest
from r4_invoice import Invoice, format_total


@pytest.mark.parametrize(
    "lines, discount, expected_total",
    [
        ([], 0, 0.0),
        ([("A", 1, 10.0)], 0, 12.0),
        ([("A", 2, 10.0), ("B", 1, 5.0)], 0, 30.0),
        ([("A", 1, 100.0)], 10, 108.0),
        ([("A", 3, 0.99)], 50, 1.78),
    ],
)
def test_total_table(lines, discount, expected_total):
    inv = Invoice(discount_pct=discount)
    for sku, qty, price in lines:
        inv.add(sku, qty, price)
    assert inv.total() == expected_total


def test_format_total_two_decimals():
    inv = Invoice()
    inv.add("A", 1, 2.5)
    assert format_total(inv) == "EUR 3.00"


def test_negative_quantity_message():
    with pytest.raises(ValueError, match=r"got -3"):
        Invoice().add("A", -3, 1.0)
