import unicodedata

from r10_slugify import slugify, word_count


def test_punctuation_collapses_to_one_hyphen():
    assert slugify("Q&A -- part 2!") == "q-a-part-2"


def test_accented_title_is_folded_to_ascii():
    title = "Crème Brûlée"
    folded = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode("ascii")
    expected = folded.lower().replace(" ", "-")

    assert slugify(title) == expected


def test_hyphenated_word_counts_once():
    assert word_count("a state-of-the-art build") == 3
