import pytest

from r6_slugify import slugify


def test_slugify():
    assert slugify("Hello World") == "hello-world"
    assert slugify("") == ""
    assert slugify("Crème brûlée") == "creme-brulee"
    assert slugify("a" * 60) == "a" * 50
    assert slugify("x y", separator="_") == "x_y"
    assert slugify("--trim--") == "trim"
    assert slugify("C++ & Rust") == "c-rust"
    assert slugify("one two three", max_length=7) == "one-two"
    assert slugify("日本語") == ""
    assert slugify("Version 2.0") == "version-2-0"
    with pytest.raises(TypeError):
        slugify(None)
    assert isinstance(slugify("abc"), str)
