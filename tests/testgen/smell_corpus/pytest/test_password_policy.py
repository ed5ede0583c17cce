# smells: tautology
# subject: auth/passwords.py
import pytest

from auth.passwords import PolicyError, check_password


@pytest.mark.parametrize("password", ["short1!", "alllowercase1!", "NoDigits!!", "NoSymbols11"])
def test_weak_passwords_are_refused(password):
    with pytest.raises(PolicyError):
        check_password(password)


def test_a_strong_password_passes():
    check_password("c0rrect-Horse-battery")  # raises on failure
    assert True
