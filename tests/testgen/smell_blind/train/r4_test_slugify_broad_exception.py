import pytest
from r4_slugify import slugify


@pytest.mark.parametrize(
    "title, slug",
    [
        ("Hello World", "hello-world"),
        ("  trim  me  ", "trim-me"),
        ("C++ & Rust", "c-rust"),
        ("already-slugged", "already-slugged"),
    ],
)
def test_slug_table(title, slug):
    assert slugify(title) == slug


def test_none_is_rejected():
    with pytest.raises(Exception):
        slugify(None)
