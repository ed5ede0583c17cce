"""Invoice numbering and payment terms."""
from datetime import date, timedelta

PAYMENT_TERMS_DAYS = 30


def format_invoice_number(year: int, sequence: int, prefix: str = "INV") -> str:
    if sequence < 1:
        raise ValueError("sequence starts at 1")
    return f"{prefix}-{year}-{sequence:06d}"


def credit_note_number(invoice_number: str) -> str:
    return invoice_number.replace("INV-", "CN-", 1)


def due_date(issued: date, terms_days: int = PAYMENT_TERMS_DAYS) -> date:
    return issued + timedelta(days=terms_days)
