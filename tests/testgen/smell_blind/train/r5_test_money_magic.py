import pytest

from r5_money import Money


def test_allocate_keeps_total():
    shares = Money(8713).allocate([37, 11, 52])
    assert sum(s.cents for s in shares) == 8713


def test_allocate_three_way_even_split():
    shares = Money(300).allocate([1, 1, 1])
    assert [s.cents for s in shares] == [100, 100, 100]


def test_multiply_large_quantity():
    line = Money(4299).multiply(17).apply_tax(6.35)
    assert line.cents == 77724


def test_discount_then_tax():
    discounted = Money(12950).multiply(1 - 0.15)
    assert discounted.apply_tax(7.25).format() == "$118.06"


def test_format_thousands_separator():
    assert Money(100000000).format() == "$1,000,000.00"
