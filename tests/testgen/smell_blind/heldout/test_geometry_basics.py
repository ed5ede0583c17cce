import pytest

from geometry import circle_area, distance, polygon_area


def test_unit_circle_area():
    assert circle_area(1) == pytest.approx(3.14159, abs=1e-5)


def test_three_four_five_triangle():
    origin, corner = (0, 0), (3, 4)
    assert distance(origin, corner) == 5.0


def test_square_area_with_either_winding():
    side = 2
    clockwise = [(0, 0), (0, side), (side, side), (side, 0)]
    assert polygon_area(clockwise) == 4.0
    assert polygon_area(list(reversed(clockwise))) == 4.0


def test_negative_radius_rejected():
    with pytest.raises(ValueError, match="radius must be non-negative"):
        circle_area(-1)
