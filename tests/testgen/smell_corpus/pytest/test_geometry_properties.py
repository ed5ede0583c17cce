# smells: none
# subject: geo/shapes.py
import math

import pytest

from geo.shapes import circle_area, diagonal, perimeter, rectangle_area


@pytest.mark.parametrize(("w", "h", "expected"), [(3, 4, 5), (5, 12, 13), (8, 15, 17)])
def test_pythagorean_triples(w, h, expected):
    assert diagonal(w, h) == pytest.approx(expected)


def test_area_does_not_depend_on_orientation():
    assert rectangle_area(2, 9) == rectangle_area(9, 2)


def test_perimeter_of_a_square_is_four_sides():
    assert perimeter(5, 5) == 20


def test_negative_radius_is_refused():
    with pytest.raises(ValueError):
        circle_area(-1)


def test_circle_area_against_a_published_value():
    assert circle_area(2) == pytest.approx(12.566370614359172)
