from unittest.mock import MagicMock

import r7_pricing


def test_quote_in_usd(monkeypatch):
    calculator = MagicMock()
    calculator.price.return_value = MagicMock(name="amount")
    calculator.price.return_value.__mul__.return_value = MagicMock(name="converted")
    catalog = MagicMock()
    fx = MagicMock()
    fake_round = MagicMock(return_value="ROUNDED")
    monkeypatch.setattr(r7_pricing, "round", fake_round, raising=False)

    result = r7_pricing.quote(calculator, catalog, fx, "SKU", 3, currency="USD")

    catalog.unit_price.assert_called_once_with("SKU")
    calculator.price.assert_called_once_with(3, catalog.unit_price.return_value)
    fx.rate.assert_called_once_with("EUR", "USD")
    fake_round.assert_called_once()
    assert result["amount"] == "ROUNDED"
