from decimal import Decimal

import pytest

import e28_exchange


@pytest.fixture
def fixed_rate(monkeypatch):
    monkeypatch.setattr(e28_exchange, "fetch_rate", lambda base, quote: 1.0842)


def test_converts_with_todays_rate(fixed_rate):
    assert e28_exchange.convert(250, "EUR", "USD") == Decimal("271.05")


def test_same_currency_needs_no_rate(fixed_rate):
    assert e28_exchange.convert(19.999, "EUR", "EUR") == Decimal("20.00")


def test_negative_amount_is_refused(fixed_rate):
    with pytest.raises(ValueError, match="amount cannot be negative"):
        e28_exchange.convert(-1, "EUR", "USD")
