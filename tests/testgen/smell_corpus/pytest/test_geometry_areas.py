# smells: tautology
# subject: geo/shapes.py
import math

from geo.shapes import circle_area, rectangle_area


def test_unit_circle():
    assert circle_area(1) == math.pi * 1 ** 2


def test_rectangle():
    w, h = 3, 4
    assert rectangle_area(w, h) == 12
