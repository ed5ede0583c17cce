"""Account sign-up: validate, store, welcome."""


class SignupError(Exception):
    pass


def sign_up(email, password, *, users, hasher, mailer, audit, clock, ids):
    email = email.strip().lower()
    if "@" not in email:
        raise SignupError("not an email address")
    if users.exists(email):
        raise SignupError("already registered")
    user = {"id": ids(), "email": email, "password": hasher(password), "joined": clock()}
    users.save(user)
    mailer.welcome(email)
    audit.record("signup", user["id"])
    return user
