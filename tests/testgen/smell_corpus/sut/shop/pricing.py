"""Prices of order lines, discounts and tax."""


def line_total(price, quantity):
    return price * quantity


def apply_discount(total, percent):
    if not 0 <= percent <= 100:
        raise ValueError("percent out of range")
    return total - total * percent / 100


def tax(amount, rate):
    return round(amount * rate, 2)


def invoice_total(lines, rate):
    net = sum(line_total(price, qty) for price, qty in lines)
    return net + tax(net, rate)
