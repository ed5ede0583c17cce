"""Password rules for account sign-up."""

MIN_LENGTH = 10
COMMON_PASSWORDS = frozenset({"password123", "qwertyuiop", "letmein2024"})


def validate_password(password: str) -> list:
    """Return a list of human-readable problems; empty means acceptable."""
    errors = []
    if len(password) < MIN_LENGTH:
        errors.append(f"must be at least {MIN_LENGTH} characters")
    if not any(c.isdigit() for c in password):
        errors.append("must contain a digit")
    if not any(c.isupper() for c in password):
        errors.append("must contain an uppercase letter")
    if password.lower() in COMMON_PASSWORDS:
        errors.append("is too common")
    return errors
