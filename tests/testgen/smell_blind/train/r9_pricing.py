"""Pricing rules: volume tiers, coupons and member discounts."""
from decimal import Decimal

VOLUME_TIERS = [  # (minimum quantity, percent off)
    (100, Decimal("15")),
    (50, Decimal("10")),
    (10, Decimal("5")),
]

COUPONS = {
    "WELCOME10": ("percent", Decimal("10")),
    "FIVEOFF": ("fixed", Decimal("5.00")),
}


class UnknownCouponError(ValueError):
    pass


def volume_discount_percent(quantity: int) -> Decimal:
    for minimum, percent in VOLUME_TIERS:
        if quantity >= minimum:
            return percent
    return Decimal("0")


def apply_coupon(amount: Decimal, code: str) -> Decimal:
    if code not in COUPONS:
        raise UnknownCouponError(code)
    kind, value = COUPONS[code]
    if kind == "percent":
        result = amount * (100 - value) / 100
    else:
        result = amount - value
    return max(result, Decimal("0")).quantize(Decimal("0.01"))


def compute_discount(unit_price: Decimal, quantity: int, is_member: bool = False) -> Decimal:
    gross = unit_price * quantity
    percent = volume_discount_percent(quantity)
    if is_member:
        percent += Decimal("2")
    return (gross * percent / 100).quantize(Decimal("0.01"))


def quote(unit_price: str, quantity: int, is_member: bool = False, coupon: str = None) -> Decimal:
    if quantity <= 0:
        raise ValueError("quantity must be positive")
    price = Decimal(unit_price)
    net = price * quantity - compute_discount(price, quantity, is_member)
    if coupon:
        net = apply_coupon(net, coupon)
    return net.quantize(Decimal("0.01"))
