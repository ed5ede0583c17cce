"""Fares: an amount in cents, built by named constructors."""


class Fare:
    def __init__(self, cents):
        self.cents = cents

    @classmethod
    def euros(cls, amount):
        return cls(round(amount * 100))

    def plus(self, other):
        return Fare(self.cents + other.cents)
