from r4_slugify import slugify, unique_slug


def test_slugify_handles_emoji():
    slugify("party 🎉 time")


def test_unique_slug_with_many_taken():
    taken = {"x"} | {f"x-{i}" for i in range(2, 50)}
    unique_slug("x", taken)
