"""Password strength policy."""
import string


def strength(password, min_length=8, max_repeat=2):
    """Return a score 0..4 and a list of problems."""
    problems = []
    if len(password) < min_length:
        problems.append("too short")
    classes = [
        any(c in string.ascii_lowercase for c in password),
        any(c in string.ascii_uppercase for c in password),
        any(c in string.digits for c in password),
        any(c in string.punctuation for c in password),
    ]
    if sum(classes) < 3:
        problems.append("needs more character classes")
    run = 1
    for prev, cur in zip(password, password[1:]):
        run = run + 1 if prev == cur else 1
        if run > max_repeat:
            problems.append("too many repeated characters")
            break
    score = max(0, sum(classes) - len(problems))
    return score, problems


def is_acceptable(password, **policy):
    _, problems = strength(password, **policy)
    return not problems
