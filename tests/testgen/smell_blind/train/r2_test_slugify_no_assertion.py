from r2_slugify import slugify, unique_slug


def test_slugify_strips_accents():
    result = slugify("Crème Brûlée Recipes")
    print(result)


def test_slugify_respects_max_length():
    slug = slugify("a very long title that keeps going and going and going", max_length=20)
    len(slug)


def test_unique_slug_appends_counter():
    existing = {"hello-world", "hello-world-2"}
    unique_slug("Hello World", existing)
