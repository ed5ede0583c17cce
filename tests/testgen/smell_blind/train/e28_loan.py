"""Loan arithmetic for the repayment calculator."""

MONTHS_PER_YEAR = 12


def monthly_payment(principal: float, annual_rate: float, years: int) -> float:
    """The fixed monthly instalment of an annuity loan, rounded to cents."""
    if principal <= 0 or years <= 0:
        raise ValueError("principal and years must be positive")
    months = years * MONTHS_PER_YEAR
    if annual_rate == 0:
        return round(principal / months, 2)
    rate = annual_rate / MONTHS_PER_YEAR
    payment = principal * rate / (1 - (1 + rate) ** -months)
    return round(payment, 2)


def total_interest(principal: float, annual_rate: float, years: int) -> float:
    """What the borrower pays on top of the principal over the whole term."""
    paid = monthly_payment(principal, annual_rate, years) * years * MONTHS_PER_YEAR
    return round(paid - principal, 2)


class LoanCalculator:
    """A loan offer: principal, rate and term, with its schedule."""

    def __init__(self, principal: float, annual_rate: float, years: int) -> None:
        self.principal, self.annual_rate, self.years = principal, annual_rate, years

    def payment(self) -> float:
        return monthly_payment(self.principal, self.annual_rate, self.years)

    def schedule(self) -> list[float]:
        """The outstanding balance after each month."""
        balance, rate = self.principal, self.annual_rate / MONTHS_PER_YEAR
        out = []
        for _ in range(self.years * MONTHS_PER_YEAR):
            balance = round(balance * (1 + rate) - self.payment(), 2)
            out.append(max(balance, 0.0))
        return out
