from invoice import credit_note_number, format_invoice_number


def test_invoice_number_is_zero_padded():
    year, sequence = 2024, 42
    assert format_invoice_number(year, sequence) == "INV-2024-000042"


def test_credit_note_reuses_invoice_sequence():
    pass
