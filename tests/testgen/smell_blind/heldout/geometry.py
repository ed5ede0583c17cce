"""Small 2-D geometry helpers."""
import math


def circle_area(radius: float) -> float:
    if radius < 0:
        raise ValueError("radius must be non-negative")
    return math.pi * radius ** 2


def distance(p, q) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def polygon_area(points) -> float:
    """Shoelace formula; points in order, polygon implicitly closed."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        total += x1 * y2 - x2 * y1
    return abs(total) / 2
