from e28_loan import monthly_payment


def annuity(principal, yearly, years):
    """Reference value for the instalment."""
    monthly = yearly / 12
    count = years * 12
    return round(principal * monthly / (1 - (1 + monthly) ** -count), 2)


def test_payment_for_a_car_loan():
    assert monthly_payment(18_500, 0.069, 5) == annuity(18_500, 0.069, 5)


def test_payment_for_a_mortgage():
    assert monthly_payment(300_000, 0.04, 30) == annuity(300_000, 0.04, 30)
