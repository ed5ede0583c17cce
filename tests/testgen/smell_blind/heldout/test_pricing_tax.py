import pytest

from pricing import TAX_RATE, total_with_tax


def expected_total(subtotal):
    return round(subtotal * (1 + TAX_RATE), 2)


@pytest.mark.parametrize("subtotal", [0.0, 9.99, 100.0, 250.5])
def test_total_includes_tax(subtotal):
    assert total_with_tax(subtotal) == expected_total(subtotal)
