"""Turn rows from the CRM export into User records."""
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class User:
    id: int
    email: str
    display_name: str
    is_admin: bool
    signup_date: date


def parse_user(row: dict) -> User:
    email = row["email"].strip().lower()
    if "@" not in email:
        raise ValueError(f"invalid email: {row['email']!r}")
    name = row.get("name") or email.split("@")[0]
    return User(
        id=int(row["id"]),
        email=email,
        display_name=name.strip().title(),
        is_admin=row.get("role") == "admin",
        signup_date=date.fromisoformat(row["signup_date"]),
    )
