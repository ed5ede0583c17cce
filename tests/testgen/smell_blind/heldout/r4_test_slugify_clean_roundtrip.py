import pytest
from r4_slugify import slugify


@pytest.mark.parametrize("title", ["Hello World", "Ça va?", "100% pure", "a_b_c"])
def test_slugify_is_idempotent(title):
    once = slugify(title)
    assert slugify(once) == once


def test_idempotent_example_literal():
    assert slugify("Ça va?") == "ca-va"
