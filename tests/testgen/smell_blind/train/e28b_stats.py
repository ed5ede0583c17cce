"""Small statistics and money helpers."""
import math
import statistics

VAT = 0.2


def mean(values):
    if not values:
        raise ValueError("mean of nothing")
    return sum(values) / len(values)


def with_vat(net):
    return round(net * (1 + VAT), 2)


def pages(count, size):
    return math.ceil(count / size)


def clamp(value, low, high):
    return max(low, min(value, high))


def median(values):
    return statistics.median(values)


def scale(values, factor):
    return [v * factor for v in values]


def spread(values):
    return max(values) - min(values)
