from e28_text_stats import top_words, word_count


def test_statistics():
    assert word_count("") == 0
    assert word_count("One two  three") == 3
    assert len(top_words("a b a c a b")) == 3
    assert top_words("a b a c a b")[0] == ("a", 3)
    assert sorted(top_words("x y", n=5)) == [("x", 1), ("y", 1)]
    assert word_count("Don't stop") == 2
    assert top_words("", n=2) == []
