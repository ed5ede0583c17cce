"""Import contacts from CSV text."""
import csv
import io

REQUIRED = ("email", "name")


class ImportReport:
    def __init__(self):
        self.imported = []
        self.errors = []

    @property
    def ok(self):
        return not self.errors


def normalise_email(value):
    return value.strip().lower()


def validate_row(row, line):
    missing = [f for f in REQUIRED if not (row.get(f) or "").strip()]
    if missing:
        return f"line {line}: missing {', '.join(missing)}"
    if "@" not in row["email"]:
        return f"line {line}: invalid email {row['email']!r}"
    return None


def parse_csv(text, delimiter=","):
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    if reader.fieldnames is None:
        raise ValueError("empty CSV")
    header = [h.strip().lower() for h in reader.fieldnames]
    for f in REQUIRED:
        if f not in header:
            raise ValueError(f"missing column {f!r}")
    reader.fieldnames = header
    return list(reader)


def import_contacts(text, repository, delimiter=","):
    report = ImportReport()
    seen = set()
    for line, row in enumerate(parse_csv(text, delimiter), start=2):
        error = validate_row(row, line)
        if error:
            report.errors.append(error)
            continue
        email = normalise_email(row["email"])
        if email in seen:
            report.errors.append(f"line {line}: duplicate {email}")
            continue
        seen.add(email)
        contact = {"email": email, "name": row["name"].strip()}
        repository.save(contact)
        report.imported.append(contact)
    return report
