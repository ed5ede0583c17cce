from text_slug import MAX_LENGTH, slugify, unique_slug


def test_slugify():
    assert slugify("Hello World") == "hello-world"
    assert slugify("  leading and trailing  ") == "leading-and-trailing"
    assert slugify("Crème brûlée") == "creme-brulee"
    assert slugify("C++ & Rust!") == "c-rust"
    assert slugify("already-a-slug") == "already-a-slug"
    assert slugify("") == ""
    assert slugify("---") == ""
    assert slugify("Ünïcödé") == "unicode"
    assert slugify("a" * (MAX_LENGTH + 1)) == "a" * MAX_LENGTH
    assert unique_slug("Hello World", {"hello-world"}) == "hello-world-2"
    assert unique_slug("Hello World", set()) == "hello-world"
