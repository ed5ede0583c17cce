from unittest import mock

import r7_invoice


@mock.patch("r7_invoice.compute_total", return_value=120.0)
def test_compute_total_adds_tax(mock_total):
    assert r7_invoice.compute_total([(1, 100.0)]) == 120.0
    mock_total.assert_called_once_with([(1, 100.0)])


def test_format_number_pads(monkeypatch):
    monkeypatch.setattr(r7_invoice, "format_number", lambda n: "INV-00042")
    assert r7_invoice.format_number(42) == "INV-00042"
