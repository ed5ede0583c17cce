"""Small descriptive statistics used by the metrics dashboard."""
import math


class EmptyDataError(ValueError):
    pass


def _require(values):
    if not values:
        raise EmptyDataError("no data points")


def mean(values):
    _require(values)
    return sum(values) / len(values)


def median(values):
    _require(values)
    s = sorted(values)
    mid = len(s) // 2
    if len(s) % 2:
        return s[mid]
    return (s[mid - 1] + s[mid]) / 2


def percentile(values, p):
    _require(values)
    if not 0 <= p <= 100:
        raise ValueError(f"percentile out of range: {p}")
    s = sorted(values)
    rank = (p / 100) * (len(s) - 1)
    lo, hi = math.floor(rank), math.ceil(rank)
    return s[lo] + (s[hi] - s[lo]) * (rank - lo)


def stdev(values):
    _require(values)
    m = mean(values)
    return math.sqrt(sum((v - m) ** 2 for v in values) / len(values))


def histogram(values, bucket_width):
    buckets = {}
    for v in values:
        key = int(v // bucket_width) * bucket_width
        buckets[key] = buckets.get(key, 0) + 1
    return dict(sorted(buckets.items()))
