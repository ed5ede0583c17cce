import pytest

from password_policy import MIN_LENGTH, validate_password


@pytest.mark.parametrize(
    "password, expected_errors",
    [
        ("Short1", ["must be at least 10 characters"]),
        ("nouppercase1", ["must contain an uppercase letter"]),
        ("NoDigitsHereAtAll", ["must contain a digit"]),
        ("Password123", ["is too common"]),
        ("abc", ["must be at least 10 characters", "must contain a digit", "must contain an uppercase letter"]),
    ],
)
def test_reports_each_problem(password, expected_errors):
    assert validate_password(password) == expected_errors


def test_password_of_exactly_min_length_is_accepted():
    password = "A1" + "x" * (MIN_LENGTH - 2)
    assert validate_password(password) == []
