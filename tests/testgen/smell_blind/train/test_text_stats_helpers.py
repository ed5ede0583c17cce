from e28_text_stats import top_words, word_count


def _fail_unless(condition, why):
    if not condition:
        raise AssertionError(why)


def check_count(text, expected):
    _fail_unless(word_count(text) == expected, f"{text!r} should have {expected} words")


def check_leader(text, word):
    ranked = top_words(text, n=1)
    _fail_unless(ranked and ranked[0][0] == word, f"{word!r} should lead in {text!r}")


def test_counts_words():
    check_count("to be or not to be", 6)


def test_finds_the_leader():
    check_leader("to be or not to be, to go", "to")
