from r10_slugify import slugify, truncate


def test_accents_are_folded_to_plain_letters():
    assert slugify("Crème Brûlée à la Carte") == "creme-brulee-a-la-carte"


def test_non_latin_text_is_dropped():
    assert slugify("Привет World") == "world"


def test_long_slug_is_cut_at_a_word_boundary():
    assert slugify("understanding python packaging", max_length=20) == "understanding-python"


def test_truncate_strips_trailing_space_before_ellipsis():
    assert truncate("Hello brave new world", width=7) == "Hello…"
