"""Sign-ups: a user store, a welcome mailer and the service that uses both."""


class UserStore:
    def __init__(self):
        self._users = {}

    def add(self, email, name):
        if email in self._users:
            raise KeyError(email)
        self._users[email] = name
        return len(self._users)

    def exists(self, email):
        return email in self._users


class Mailer:
    def __init__(self, outbox):
        self.outbox = outbox

    def welcome(self, email, name):
        self.outbox.append((email, f"Welcome, {name}!"))


class SignupService:
    def __init__(self, store, mailer):
        self.store = store
        self.mailer = mailer

    def register(self, email, name):
        email = email.strip().lower()
        if "@" not in email:
            raise ValueError(f"not an email: {email!r}")
        if self.store.exists(email):
            return None
        user_id = self.store.add(email, name.strip())
        self.mailer.welcome(email, name.strip())
        return user_id

    def display_name(self, name):
        return " ".join(part.capitalize() for part in name.split())
