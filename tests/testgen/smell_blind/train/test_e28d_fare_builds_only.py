from e28d_fare import Fare


def test_plus_keeps_cents():
    assert Fare.euros(1.5).plus(Fare.euros(2)).cents == 350


def test_plus_of_a_zero_fare():
    base = Fare.euros(2.5)
    zero = Fare.euros(0)
    _ = (base, zero)
