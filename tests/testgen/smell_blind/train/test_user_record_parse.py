from datetime import date

import pytest

from user_record import parse_user


def test_parse_admin_row():
    row = {
        "id": "17",
        "email": "  Grace.Hopper@Navy.MIL ",
        "name": "grace hopper",
        "role": "admin",
        "signup_date": "2024-01-31",
    }

    user = parse_user(row)

    assert user.id == 17
    assert user.email == "grace.hopper@navy.mil"
    assert user.display_name == "Grace Hopper"
    assert user.is_admin is True
    assert user.signup_date == date(2024, 1, 31)


def test_missing_name_falls_back_to_mailbox():
    row = {"id": "3", "email": "linus@example.org", "signup_date": "2023-07-01"}
    assert parse_user(row).display_name == "Linus"


def test_rejects_email_without_at_sign():
    row = {"id": "4", "email": "not-an-email", "signup_date": "2023-07-01"}
    with pytest.raises(ValueError, match="invalid email: 'not-an-email'"):
        parse_user(row)
