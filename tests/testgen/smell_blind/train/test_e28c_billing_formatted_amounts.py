from e28c_billing import amount


def test_cents_are_shown_as_euros():
    assert amount(1999) == "19.99 EUR"


def test_large_amounts_keep_their_cents():
    assert amount(123456) == "1234.56 EUR"
