"""A minimal bank account with an operation history."""


class InsufficientFunds(Exception):
    pass


class Account:
    def __init__(self, owner: str, balance: float = 0):
        self.owner = owner
        self.balance = balance
        self.history = []

    def deposit(self, amount: float) -> float:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount
        self.history.append(("deposit", amount))
        return self.balance

    def withdraw(self, amount: float) -> float:
        if amount <= 0:
            raise ValueError("withdrawal must be positive")
        if amount > self.balance:
            raise InsufficientFunds(f"balance {self.balance} is less than {amount}")
        self.balance -= amount
        self.history.append(("withdraw", amount))
        return self.balance

    def statement(self) -> str:
        return "\n".join(f"{kind:<10}{amount:>10.2f}" for kind, amount in self.history)
