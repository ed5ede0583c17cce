from datetime import date

import pytest

from invoice import PAYMENT_TERMS_DAYS, credit_note_number, due_date, format_invoice_number


def test_number_is_zero_padded_to_six_digits():
    assert format_invoice_number(year=2024, sequence=42) == "INV-2024-000042"


def test_custom_prefix():
    assert format_invoice_number(year=2023, sequence=7, prefix="PRO") == "PRO-2023-000007"


def test_credit_note_keeps_year_and_sequence():
    assert credit_note_number("INV-2024-000042") == "CN-2024-000042"


def test_default_terms_push_due_date_into_next_month():
    issued = date.fromisoformat("2024-01-15")
    assert due_date(issued) == date.fromisoformat("2024-02-14")


def test_terms_can_be_overridden():
    issued = date.fromisoformat("2024-01-15")
    net_60 = PAYMENT_TERMS_DAYS * 2
    assert due_date(issued, terms_days=net_60) == date.fromisoformat("2024-03-15")


def test_sequence_must_start_at_one():
    with pytest.raises(ValueError, match="sequence starts at 1"):
        format_invoice_number(year=2024, sequence=0)
