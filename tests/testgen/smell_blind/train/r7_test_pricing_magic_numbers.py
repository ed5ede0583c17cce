from r7_pricing import PriceCalculator


def test_large_order_gets_top_tier():
    calc = PriceCalculator(tiers=[(250, 0.125), (37, 0.0375)])
    assert calc.price(251, 3.2) == 702.8


def test_mid_tier():
    calc = PriceCalculator(tiers=[(250, 0.125), (37, 0.0375)])
    assert calc.discount_rate(37) == 0.0375
    assert calc.price(40, 7.25) == 279.12
