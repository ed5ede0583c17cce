"""Parser for order export CSV files."""
import csv
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation


class ParseError(ValueError):
    def __init__(self, line_no: int, reason: str):
        super().__init__(f"line {line_no}: {reason}")
        self.line_no = line_no


@dataclass
class OrderRow:
    order_id: str
    customer: str
    amount: Decimal
    currency: str


REQUIRED_COLUMNS = ("order_id", "customer", "amount", "currency")


def parse_amount(raw: str, line_no: int) -> Decimal:
    cleaned = raw.replace(",", "").strip()
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise ParseError(line_no, f"bad amount {raw!r}")
    if value < 0:
        raise ParseError(line_no, "negative amount")
    return value


def parse_orders(text: str) -> list:
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise ParseError(1, "missing columns: " + ", ".join(missing))
    rows = []
    for line_no, record in enumerate(reader, start=2):
        if not any((v or "").strip() for v in record.values()):
            continue
        currency = record["currency"].strip().upper()
        if len(currency) != 3:
            raise ParseError(line_no, f"bad currency {currency!r}")
        rows.append(OrderRow(record["order_id"].strip(), record["customer"].strip(),
                             parse_amount(record["amount"], line_no), currency))
    return rows


def total_by_currency(rows) -> dict:
    totals = {}
    for row in rows:
        totals[row.currency] = totals.get(row.currency, Decimal("0")) + row.amount
    return totals
