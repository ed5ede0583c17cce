import pytest

from r5_money import CurrencyMismatchError, Money


@pytest.mark.parametrize(
    "cents, factor, expected",
    [
        (1000, 2, 2000),
        (1000, "0.5", 500),
        (5, "0.5", 2),      # 2.5 rounds half to even -> 2
        (15, "0.5", 8),     # 7.5 rounds half to even -> 8
        (999, "1.1", 1099),
    ],
)
def test_multiply_uses_bankers_rounding(cents, factor, expected):
    assert Money(cents).multiply(factor) == Money(expected)


@pytest.mark.parametrize(
    "cents, ratios, expected",
    [
        (100, [1, 1, 1], [34, 33, 33]),
        (100, [1, 3], [25, 75]),
        (5, [1, 1], [3, 2]),
        (0, [2, 1], [0, 0]),
    ],
)
def test_allocate_distributes_remainder_to_first_shares(cents, ratios, expected):
    shares = Money(cents).allocate(ratios)
    assert [s.cents for s in shares] == expected


@pytest.mark.parametrize(
    "money, text",
    [
        (Money(0), "$0.00"),
        (Money(123456), "$1,234.56"),
        (Money(-705, "EUR"), "-\u20ac7.05"),
        (Money(99, "GBP"), "\u00a30.99"),
    ],
)
def test_format(money, text):
    assert money.format() == text


def test_adding_different_currencies_raises_with_both_codes():
    with pytest.raises(CurrencyMismatchError, match="cannot combine USD with EUR"):
        Money(100, "USD") + Money(100, "EUR")


def test_allocate_rejects_all_zero_ratios():
    with pytest.raises(ValueError, match="not all zero"):
        Money(100).allocate([0, 0])


def test_apply_tax_rounds_to_nearest_cent():
    # 19.99 * 1.0825 = 21.639175 -> 21.64
    assert Money(1999).apply_tax("8.25") == Money(2164)
