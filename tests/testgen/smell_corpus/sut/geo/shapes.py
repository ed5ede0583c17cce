import math


def rectangle_area(width, height):
    return width * height


def perimeter(width, height):
    return 2 * (width + height)


def circle_area(radius):
    if radius < 0:
        raise ValueError("negative radius")
    return math.pi * radius ** 2


def diagonal(width, height):
    return math.sqrt(width ** 2 + height ** 2)
