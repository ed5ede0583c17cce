from password_policy import validate_password


def test_accepts_long_mixed_password():
    assert validate_password("Correct4HorseBattery") == []


def test_rejects_password_reused_from_history():
    """Reuse detection needs the password-history store; fill in once it lands."""


def test_unicode_uppercase_counts_as_uppercase():
    ...
