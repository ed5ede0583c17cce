"""Password policy: at least 8 characters, a lower and an upper case letter, a digit and a
symbol."""


class PolicyError(ValueError):
    """The password breaks the policy; the message says which rule."""


def check_password(password: str) -> None:
    if len(password) < 8:
        raise PolicyError("at least 8 characters")
    if password.lower() == password or password.upper() == password:
        raise PolicyError("mixed case")
    if not any(c.isdigit() for c in password):
        raise PolicyError("a digit")
    if all(c.isalnum() for c in password):
        raise PolicyError("a symbol")
